#include "boilerdex/trec/qrels.hpp"

#include <array>
#include <charconv>

#include "boilerdex/trec/parse_error.hpp"
#include "text_input_internal.hpp"

namespace boilerdex::trec {

bool Qrels::add(std::string_view qid, std::string_view docno, Label label) {
  auto topic = m_topics.find(qid);
  if (topic == m_topics.end()) topic = m_topics.emplace(std::string(qid), TopicJudgments{}).first;
  return topic->second.emplace(std::string(docno), label).second;
}

const TopicJudgments* Qrels::find(std::string_view qid) const noexcept {
  const auto topic = m_topics.find(qid);
  return topic == m_topics.end() ? nullptr : &topic->second;
}

Qrels Qrels::binarized(Label min_label) const {
  Qrels out;
  for (const auto& [qid, judgments] : m_topics) {
    TopicJudgments& copy = out.m_topics[qid];
    for (const auto& [docno, label] : judgments) {
      copy.emplace_hint(copy.end(), docno, label >= min_label ? 1 : (label < 0 ? label : 0));
    }
  }
  return out;
}

// Format as trec_eval 10.0's get_qrels.c reads it: `qid iter docno rel`, exactly four
// whitespace-separated fields (a fifth is "Malformed line"), rel an integer (atol there;
// we reject what atol would silently read as 0). A (qid, docno) judged twice is an error
// in form_res_rels.c ("duplicate docs"); we report it at parse time with its line.
Qrels parse_qrels(std::string_view text, const std::string& source) {
  Qrels qrels;
  detail::LineReader lines(text);
  std::string_view line;
  std::array<std::string_view, 4> fields;
  while (lines.next(line)) {
    if (detail::is_blank_or_comment(line)) continue;
    const std::size_t n = detail::split_fields(line, fields.data(), fields.size());
    if (n != 4) {
      throw ParseError(source, lines.line_number(),
                       "expected 4 fields (qid iter docno label), found " + std::to_string(n));
    }
    Label label = 0;
    const std::string_view label_text = fields[3];
    const char* first = label_text.data();
    if (!label_text.empty() && label_text.front() == '+') ++first;
    const auto [end, error] = std::from_chars(first, label_text.data() + label_text.size(), label);
    if (error != std::errc{} || end != label_text.data() + label_text.size()) {
      throw ParseError(source, lines.line_number(), "label '" + std::string(label_text) + "' is not an integer");
    }
    if (!qrels.add(fields[0], fields[2], label)) {
      throw ParseError(source, lines.line_number(),
                       "document " + std::string(fields[2]) + " judged twice for topic " + std::string(fields[0]));
    }
  }
  return qrels;
}

Qrels read_qrels(const std::filesystem::path& path) {
  const std::string text = detail::read_text_file(path);
  return parse_qrels(text, path.string());
}

}  // namespace boilerdex::trec
