#include "boilerdex/trec/topics.hpp"

#include <algorithm>
#include <array>
#include <unordered_set>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/parse_error.hpp"
#include "text_input_internal.hpp"

namespace boilerdex::trec {

namespace {

constexpr bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
constexpr char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool iequals(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

/// A tag `<name>` or `</name>` found in topic text.
struct Tag {
  std::size_t begin = 0;  // offset of '<'
  std::size_t end = 0;    // offset after '>'
  std::string_view name;  // without '<', '/', '>'
  bool closing = false;
};

/// The next tag at or after \p from: '<', an optional '/', letters, '>'. Anything else
/// with a '<' ("x < y" in a narrative) is text.
bool next_tag(std::string_view text, std::size_t from, Tag& tag) noexcept {
  for (std::size_t i = text.find('<', from); i != std::string_view::npos; i = text.find('<', i + 1)) {
    std::size_t j = i + 1;
    const bool closing = j < text.size() && text[j] == '/';
    if (closing) ++j;
    const std::size_t name_begin = j;
    while (j < text.size() && is_alpha(text[j])) ++j;
    if (j == name_begin || j >= text.size() || text[j] != '>') continue;
    tag = Tag{i, j + 1, text.substr(name_begin, j - name_begin), closing};
    return true;
  }
  return false;
}

/// Collapses whitespace runs to one space and trims.
std::string normalize_space(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending_space = false;
  for (char c : text) {
    if (is_space(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(c);
  }
  return out;
}

/// Removes a leading conventional label ("Number:", "Description:") case-insensitively.
std::string_view strip_label(std::string_view text, std::string_view label) noexcept {
  std::size_t i = 0;
  while (i < text.size() && is_space(text[i])) ++i;
  if (text.size() - i >= label.size() && iequals(text.substr(i, label.size()), label)) {
    return text.substr(i + label.size());
  }
  return text;
}

std::size_t line_of(std::string_view text, std::size_t offset) noexcept {
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

}  // namespace

TopicField parse_topic_field(std::string_view name) {
  if (name == "title") return TopicField::Title;
  if (name == "desc" || name == "description") return TopicField::Description;
  if (name == "narr" || name == "narrative") return TopicField::Narrative;
  if (name == "title+desc") return TopicField::TitleDescription;
  throw UsageError("unknown topic field '" + std::string(name) + "' (expected title, desc, narr or title+desc)");
}

std::string_view topic_field_name(TopicField field) noexcept {
  switch (field) {
    case TopicField::Title: return "title";
    case TopicField::Description: return "desc";
    case TopicField::Narrative: return "narr";
    case TopicField::TitleDescription: return "title+desc";
  }
  return "title";
}

std::vector<Topic> parse_topics(std::string_view text, const std::string& source) {
  std::vector<Topic> topics;
  std::unordered_set<std::string> numbers;
  Tag tag;
  std::size_t pos = 0;
  while (next_tag(text, pos, tag)) {
    pos = tag.end;
    if (!iequals(tag.name, "top") || tag.closing) continue;  // text outside <top> is ignored
    const std::size_t top_begin = tag.begin;
    Topic topic;
    bool has_num = false;
    bool closed = false;
    // Walk the tags of this record; each field's text runs to the next tag.
    Tag field_tag;
    std::size_t cursor = pos;
    while (next_tag(text, cursor, field_tag)) {
      cursor = field_tag.end;
      if (iequals(field_tag.name, "top")) {
        if (field_tag.closing) {
          closed = true;
          pos = field_tag.end;
          break;
        }
        throw ParseError(source, line_of(text, field_tag.begin),
                         "<top> inside the <top> opened on line " + std::to_string(line_of(text, top_begin)));
      }
      if (field_tag.closing) continue;  // </title>, </num>: the field already ended
      Tag after;
      const std::size_t field_end = next_tag(text, field_tag.end, after) ? after.begin : text.size();
      const std::string_view body = text.substr(field_tag.end, field_end - field_tag.end);
      if (iequals(field_tag.name, "num")) {
        const std::string value = normalize_space(strip_label(body, "Number:"));
        const std::string number = value.substr(0, value.find(' '));
        if (number.empty()) throw ParseError(source, line_of(text, field_tag.begin), "empty topic number");
        topic.number = number;
        has_num = true;
      } else if (iequals(field_tag.name, "title")) {
        topic.title = normalize_space(strip_label(body, "Topic:"));
      } else if (iequals(field_tag.name, "desc")) {
        topic.description = normalize_space(strip_label(body, "Description:"));
      } else if (iequals(field_tag.name, "narr")) {
        topic.narrative = normalize_space(strip_label(body, "Narrative:"));
      }
      // Other tags (<con>, <fac>, <def>, <dom>, <smry> of older TREC topics) end the
      // previous field and are otherwise ignored.
    }
    if (!closed) {
      throw ParseError(source, line_of(text, top_begin), "<top> is not closed by </top>");
    }
    if (!has_num) throw ParseError(source, line_of(text, top_begin), "<top> without <num>");
    if (!numbers.insert(topic.number).second) {
      throw ParseError(source, line_of(text, top_begin), "duplicate topic number " + topic.number);
    }
    topics.push_back(std::move(topic));
  }
  return topics;
}

std::vector<Topic> read_topics(const std::filesystem::path& path) {
  const std::string text = detail::read_text_file(path);
  std::vector<Topic> topics = parse_topics(text, path.string());
  // A run over no topic is an empty run file and exit 0: a wrong file (a binary, a qrels)
  // would pass unnoticed.
  if (topics.empty())
    throw ParseError(path.string(), 0,
                     text.find('\0') != std::string::npos
                         ? "no topics: binary data, not a TREC topic file (no <top> record)"
                         : "no topics: no <top> record with a <num> in the file");
  return topics;
}

std::string topic_query(const Topic& topic, TopicField field) {
  std::string text;
  switch (field) {
    case TopicField::Title: text = topic.title; break;
    case TopicField::Description: text = topic.description; break;
    case TopicField::Narrative: text = topic.narrative; break;
    case TopicField::TitleDescription:
      text = topic.title;
      if (!text.empty() && !topic.description.empty()) text.push_back(' ');
      text += topic.description;
      break;
  }
  std::erase(text, '"');
  return text;
}

}  // namespace boilerdex::trec
