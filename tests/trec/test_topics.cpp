#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <functional>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/parse_error.hpp"
#include "boilerdex/trec/qrels.hpp"
#include "boilerdex/trec/topics.hpp"

using namespace boilerdex;
using namespace boilerdex::trec;

BOOST_AUTO_TEST_SUITE(topics)

BOOST_AUTO_TEST_CASE(blog06_file_with_quotes_prefixes_and_missing_fields) {
  const auto parsed = read_topics(std::string(BOILERDEX_FIXTURES_DIR) + "/trec/topics_blog06.txt");
  BOOST_REQUIRE_EQUAL(parsed.size(), 3u);
  BOOST_TEST(parsed[0].number == "851");
  BOOST_TEST(parsed[0].title == "\"March of the Penguins\"");
  BOOST_TEST(parsed[0].description == "Provide opinion of the film documentary \"March of the Penguins\".");
  BOOST_TEST(parsed[0].narrative.starts_with("Relevant documents should include opinions"));
  BOOST_TEST(parsed[1].number == "852");  // "</num>" closes the field
  BOOST_TEST(parsed[1].title == "larry summers");
  BOOST_TEST(parsed[1].narrative.empty());
  BOOST_TEST(parsed[2].number == "853");  // upper-case tags
  BOOST_TEST(parsed[2].title == "state of the union");
  BOOST_TEST(parsed[2].description.empty());
  BOOST_TEST(parsed[2].narrative == "Only the narrative is given here; x < y is text, not a tag.");
}

BOOST_AUTO_TEST_CASE(query_text_per_field) {
  const Topic topic{"851", "\"March of the Penguins\"", "Provide \"opinion\".", "Narr."};
  BOOST_TEST(topic_query(topic, TopicField::Title) == "March of the Penguins");
  BOOST_TEST(topic_query(topic, TopicField::Description) == "Provide opinion.");
  BOOST_TEST(topic_query(topic, TopicField::Narrative) == "Narr.");
  BOOST_TEST(topic_query(topic, TopicField::TitleDescription) == "March of the Penguins Provide opinion.");
  const Topic no_title{"9", "", "only desc", ""};
  BOOST_TEST(topic_query(no_title, TopicField::TitleDescription) == "only desc");
  BOOST_TEST(topic_query(no_title, TopicField::Title).empty());
}

BOOST_AUTO_TEST_CASE(field_names) {
  BOOST_TEST(static_cast<int>(parse_topic_field("title")) == static_cast<int>(TopicField::Title));
  BOOST_TEST(static_cast<int>(parse_topic_field("desc")) == static_cast<int>(TopicField::Description));
  BOOST_TEST(static_cast<int>(parse_topic_field("narrative")) == static_cast<int>(TopicField::Narrative));
  BOOST_TEST(static_cast<int>(parse_topic_field("title+desc")) == static_cast<int>(TopicField::TitleDescription));
  BOOST_TEST(topic_field_name(TopicField::TitleDescription) == "title+desc");
  BOOST_CHECK_THROW((void)parse_topic_field("body"), UsageError);
}

BOOST_AUTO_TEST_CASE(number_without_label_and_text_between_topics) {
  const auto parsed = parse_topics("header text\n<top><num>901<title>x</top>\nnoise\n<top><num> 902 extra\n</top>", "t");
  BOOST_REQUIRE_EQUAL(parsed.size(), 2u);
  BOOST_TEST(parsed[0].number == "901");
  BOOST_TEST(parsed[1].number == "902");
}

void check_error(const std::string& text, std::size_t line, const std::string& fragment) {
  try {
    (void)parse_topics(text, "topics.txt");
    BOOST_ERROR("no error for: " << text);
  } catch (const ParseError& e) {
    BOOST_TEST(e.file() == "topics.txt");
    BOOST_TEST(e.line() == line);
    BOOST_TEST(std::string(e.what()).find(fragment) != std::string::npos, e.what());
    BOOST_TEST(std::string(e.what()).starts_with("topics.txt:" + std::to_string(line) + ": "), e.what());
  }
}

BOOST_AUTO_TEST_CASE(errors_name_file_and_line) {
  check_error("<top>\n<num> 1\n</top>\n\n<top>\n<title> no number\n</top>\n", 5, "without <num>");
  check_error("<top>\n<num> 1\n</top>\n<top>\n<num> 1\n</top>\n", 4, "duplicate topic number 1");
  check_error("\n\n<top>\n<num> 7\n<title> t\n", 3, "not closed");
  check_error("<top>\n<num> 7\n<top>\n", 3, "<top> inside");
  check_error("<top>\n<num> Number:\n<title> t\n</top>", 2, "empty topic number");
}

BOOST_AUTO_TEST_CASE(unreadable_file) {
  BOOST_CHECK_THROW((void)read_topics("/nonexistent/topics.txt"), ParseError);
}

// Issue #16, item 8: a directory, a binary file or a file without topics is an error naming
// it, not an empty run with exit 0; so is a directory given as qrels.
BOOST_AUTO_TEST_CASE(directories_binaries_and_files_without_topics_are_errors) {
  const std::filesystem::path dir = std::filesystem::path(BOILERDEX_BINARY_DIR) / "test-tmp" / "topics-hostile";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto fails_with = [](const std::function<void()>& read, const std::string& expected) {
    try {
      read();
    } catch (const ParseError& e) {
      BOOST_TEST(std::string(e.what()).find(expected) != std::string::npos, e.what());
      return;
    }
    BOOST_ERROR("no error: " + expected);
  };
  fails_with([&] { (void)read_topics(dir); }, "topics-hostile: is a directory, not a file");
  fails_with([&] { (void)read_qrels(dir); }, "topics-hostile: is a directory, not a file");
  std::ofstream(dir / "binary", std::ios::binary) << std::string("\x7f" "ELF\x02\x01\x01\0\0\0<top", 14);
  fails_with([&] { (void)read_topics(dir / "binary"); }, "binary: no topics: binary data");
  std::ofstream(dir / "qrels.txt") << "901 0 d1 1\n";
  fails_with([&] { (void)read_topics(dir / "qrels.txt"); }, "qrels.txt: no topics: no <top> record");
  std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()
