// parse_topics on arbitrary text: topics or a ParseError, nothing else; numbers are
// non-empty and unique, and topic_query works on every field.
#include <set>
#include <string>

#include "boilerdex/trec/parse_error.hpp"
#include "boilerdex/trec/topics.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boilerdex;
  try {
    const std::vector<trec::Topic> topics = trec::parse_topics(fuzz::bytes(data, size), "fuzz.topics");
    std::set<std::string> numbers;
    for (const trec::Topic& topic : topics) {
      fuzz::check(!topic.number.empty(), "topic with an empty number");
      fuzz::check(numbers.insert(topic.number).second, "duplicate topic number accepted");
      for (const auto field : {trec::TopicField::Title, trec::TopicField::Description,
                               trec::TopicField::Narrative, trec::TopicField::TitleDescription})
        (void)trec::topic_query(topic, field);
    }
  } catch (const trec::ParseError&) {
  }
  return 0;
}
