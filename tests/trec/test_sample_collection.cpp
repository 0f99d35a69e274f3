#include <boost/test/unit_test.hpp>

#include <xapian.h>

#include <zlib.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/trec/qrels.hpp"
#include "boilerdex/trec/sample_collection.hpp"
#include "boilerdex/trec/topics.hpp"

using namespace boilerdex;
using namespace boilerdex::trec;

namespace {

/// Stemmed-term frequencies of \p texts as Xapian's TermGenerator indexes them (English,
/// STEM_SOME): the "Z" terms, by stem. Independent of the generator's own word splitting.
std::map<std::string, unsigned> stem_counts(const std::vector<std::string>& texts) {
  Xapian::TermGenerator generator;
  generator.set_stemmer(Xapian::Stem("english"));
  generator.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
  Xapian::Document document;
  generator.set_document(document);
  for (const auto& t : texts) {
    generator.index_text(t);
    generator.increase_termpos();
  }
  std::map<std::string, unsigned> counts;
  for (auto it = document.termlist_begin(); it != document.termlist_end(); ++it) {
    const std::string term = *it;
    if (!term.empty() && term[0] == 'Z') counts[term.substr(1)] = it.get_wdf();
  }
  return counts;
}

/// The page text an index sees: the record's page decoded with its DOCHDR charset and
/// segmented into boilerpipe blocks, plus the <title>.
std::vector<std::string> page_texts(const std::string& record) {
  const auto header_begin = record.find("<DOCHDR>");
  const auto header_end = record.find("</DOCHDR>\n");
  BOOST_REQUIRE(header_begin != std::string::npos && header_end != std::string::npos);
  const std::string header = record.substr(header_begin, header_end - header_begin);
  std::string charset;
  if (const auto ct = header.find("Content-Type: "); ct != std::string::npos) {
    charset = plugin::charset_from_content_type(header.substr(ct + 14, header.find('\n', ct) - ct - 14));
  }
  const auto page_begin = header_end + 10;
  const auto page_end = record.rfind("</DOC>");
  const auto decoded = plugin::decode_to_utf8(std::string_view(record).substr(page_begin, page_end - page_begin), charset);
  BOOST_TEST(decoded.replacements == 0U);
  const auto doc = plugin::segment_html(decoded.utf8);
  std::vector<std::string> texts = {doc.title};
  for (const auto& block : doc.blocks) texts.push_back(block.text);
  return texts;
}

std::string gunzip(const std::filesystem::path& path) {
  gzFile f = gzopen(path.c_str(), "rb");
  BOOST_REQUIRE(f != nullptr);
  std::string out;
  char buffer[65536];
  int n = 0;
  while ((n = gzread(f, buffer, sizeof buffer)) > 0) out.append(buffer, static_cast<std::size_t>(n));
  gzclose(f);
  return out;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(sample_collection)

BOOST_AUTO_TEST_CASE(same_seed_same_documents) {
  SampleOptions options;
  options.documents = 60;
  options.topics = 20;
  options.seed = 7;
  SampleGenerator a(options), b(options);
  options.seed = 8;
  SampleGenerator c(options);
  bool any_difference = false;
  while (!a.done()) {
    const auto x = a.next(), y = b.next(), z = c.next();
    BOOST_TEST(x.record == y.record);
    BOOST_TEST(x.docno == y.docno);
    any_difference = any_difference || x.record != z.record;
  }
  BOOST_TEST(any_difference);
  BOOST_TEST(a.generated() == 60U);
  BOOST_CHECK_THROW((void)a.next(), UsageError);
  BOOST_TEST(a.topics().size() == 20U);
  BOOST_TEST(a.topics().front().number == "9001");
}

BOOST_AUTO_TEST_CASE(records_are_blogs06_shaped) {
  SampleOptions options;
  options.documents = 40;
  options.topics = 10;
  options.documents_per_file = 16;
  SampleGenerator generator(options);
  std::set<std::string> docnos, charsets;
  std::string previous;
  while (!generator.done()) {
    const auto doc = generator.next();
    BOOST_TEST(doc.record.rfind("<DOC>\n<DOCNO>" + doc.docno + "</DOCNO>\n", 0) == 0U);
    BOOST_TEST(doc.record.find("<DOCHDR>\nhttp://") != std::string::npos);
    BOOST_TEST(doc.record.find("\nHTTP/1.1 200 OK\n") != std::string::npos);
    BOOST_TEST(doc.record.find("<PERMALINK>http://") != std::string::npos);
    BOOST_TEST(doc.record.substr(doc.record.size() - 7) == "</DOC>\n");
    BOOST_TEST(doc.docno.size() == std::string("BLOG06-20051206-000-0000000000").size());
    BOOST_TEST(doc.docno > previous);  // increasing, as in the real collection
    previous = doc.docno;
    docnos.insert(doc.docno);
    charsets.insert(doc.charset);
    BOOST_TEST(!doc.gold_text.empty());
  }
  BOOST_TEST(docnos.size() == 40U);
  BOOST_TEST(charsets.count("windows-1252") == 1U);
  BOOST_TEST(charsets.count("UTF-8") == 1U);
}

BOOST_AUTO_TEST_CASE(judgments_agree_with_the_text_as_xapian_indexes_it) {
  SampleOptions options;
  options.documents = 400;
  options.topics = 40;
  options.seed = 11;
  SampleGenerator generator(options);
  std::vector<std::vector<std::string>> topic_stems;
  Xapian::Stem stemmer("english");
  for (const auto& terms : generator.topic_terms()) {
    std::vector<std::string> stems;
    for (const auto& t : terms) stems.push_back(stemmer(t));
    topic_stems.push_back(stems);
  }
  std::map<Label, int> labels;
  while (!generator.done()) {
    const auto doc = generator.next();
    std::vector<std::string> gold_lines;
    std::istringstream lines(doc.gold_text);
    for (std::string line; std::getline(lines, line);) gold_lines.push_back(line);
    const auto gold = stem_counts(gold_lines);
    const auto page = stem_counts(page_texts(doc.record));
    std::map<std::size_t, Label> expected;
    for (std::size_t t = 0; t < topic_stems.size(); ++t) {
      bool on_page = true;
      unsigned least_in_post = ~0U;
      for (const auto& s : topic_stems[t]) {
        on_page = on_page && page.count(s) > 0;
        least_in_post = std::min(least_in_post, gold.count(s) ? gold.at(s) : 0U);
      }
      if (on_page) expected[t] = least_in_post >= 2 ? 2 : least_in_post >= 1 ? 1 : 0;
    }
    std::map<std::size_t, Label> actual;
    for (const auto& j : doc.judgments) actual[j.topic] = j.label;
    BOOST_TEST_CONTEXT(doc.docno) { BOOST_TEST((actual == expected)); }
    for (const auto& [t, label] : actual) ++labels[label];
  }
  // Every grade occurs: posts on a topic, passing mentions, boilerplate-only matches.
  BOOST_TEST(labels[2] > 20);
  BOOST_TEST(labels[1] > 20);
  BOOST_TEST(labels[0] > 20);
}

BOOST_AUTO_TEST_CASE(written_collection_round_trips) {
  const auto dir = std::filesystem::temp_directory_path() / ("bdx-sample-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  SampleOptions options;
  options.documents = 120;
  options.topics = 12;
  options.documents_per_file = 50;
  options.write_gold = true;
  std::uint64_t last_progress = 0;
  const auto summary = write_sample_collection(dir, options, [&](std::uint64_t done, std::uint64_t total) {
    BOOST_TEST(total == 120U);
    last_progress = done;
  });
  BOOST_TEST(last_progress == 120U);
  BOOST_TEST(summary.documents == 120U);
  BOOST_TEST(summary.files == 3U);
  const auto topics = read_topics(dir / "topics.txt");
  BOOST_TEST(topics.size() == 12U);
  const auto qrels = read_qrels(dir / "qrels.txt");
  std::uint64_t judged = 0;
  for (const auto& [qid, judgments] : qrels.topics()) judged += judgments.size();
  BOOST_TEST(judged == summary.judged);
  BOOST_TEST(summary.label0 + summary.label1 + summary.label2 == summary.judged);

  // The files hold the records the generator makes, in order; the gold files its post text.
  SampleGenerator generator(options);
  std::map<std::string, std::string> expected_files;
  std::string first_docno, first_gold;
  while (!generator.done()) {
    const auto doc = generator.next();
    if (first_docno.empty()) {
      first_docno = doc.docno;
      first_gold = doc.gold_text;
    }
    expected_files[doc.file] += doc.record;
  }
  BOOST_TEST(expected_files.size() == 3U);
  for (const auto& [file, content] : expected_files) {
    BOOST_TEST_CONTEXT(file) { BOOST_TEST((gunzip(dir / "collection" / file) == content)); }
  }
  BOOST_TEST(read_file(dir / "gold" / (first_docno + ".txt")) == first_gold);
  // Same options, same bytes.
  const auto again = dir / "again";
  (void)write_sample_collection(again, options);
  BOOST_TEST(read_file(again / "qrels.txt") == read_file(dir / "qrels.txt"));
  BOOST_TEST(read_file(again / "topics.txt") == read_file(dir / "topics.txt"));
  std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(bad_options_are_usage_errors) {
  SampleOptions options;
  options.topics = sample_topic_capacity() + 1;
  BOOST_CHECK_THROW(SampleGenerator{options}, UsageError);
  options.topics = 5;
  options.documents = 0;
  BOOST_CHECK_THROW(SampleGenerator{options}, UsageError);
  options.documents = 5;
  options.documents_per_file = 0;
  BOOST_CHECK_THROW(SampleGenerator{options}, UsageError);
}

BOOST_AUTO_TEST_SUITE_END()
