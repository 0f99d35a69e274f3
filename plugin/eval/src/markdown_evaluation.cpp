#include "boilerdex/plugin/markdown_evaluation.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <unordered_map>

#include "boilerdex/plugin/text_similarity.hpp"
#include "boilerdex/plugin/wcxb.hpp"

namespace boilerdex::plugin {
namespace {

// The words of a line as WCXB's measure reads them (lower-cased `\w+`, word_tokens), one
// space between: "## Install¶" and "## Install" are the same heading.
std::string words_of(std::string_view line) {
  const std::string lowered = python_lower(line);
  std::vector<std::string_view> tokens;
  word_tokens(lowered, tokens);
  std::string out;
  for (const std::string_view t : tokens) {
    if (!out.empty()) out += ' ';
    out += t;
  }
  return out;
}

// The text of a list item line after its marker, or nullopt for any other line.
std::optional<std::string_view> item_text(std::string_view line) {
  std::size_t i = line.find_first_not_of(" \t");
  if (i == std::string_view::npos) return std::nullopt;
  if (line[i] == '-' || line[i] == '*' || line[i] == '+') {
    ++i;
  } else {
    const std::size_t digits = i;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
    if (i == digits || i - digits > 9 || i >= line.size() || (line[i] != '.' && line[i] != ')')) return std::nullopt;
    ++i;
  }
  if (i >= line.size() || (line[i] != ' ' && line[i] != '\t')) return std::nullopt;
  return line.substr(i + 1);
}

// The text of an ATX heading line, or nullopt.
std::optional<std::string_view> heading_text(std::string_view line) {
  const std::size_t i = line.find_first_not_of(' ');
  if (i == std::string_view::npos || i > 3) return std::nullopt;
  const std::size_t hashes = line.find_first_not_of('#', i);
  const std::size_t n = (hashes == std::string_view::npos ? line.size() : hashes) - i;
  if (n < 1 || n > 6 || (hashes != std::string_view::npos && line[hashes] != ' ' && line[hashes] != '\t'))
    return std::nullopt;
  return hashes == std::string_view::npos ? std::string_view{} : line.substr(hashes);
}

// The end of an inline link's "(destination "title")" starting at \p open (a '('), one past
// its ')', or npos when what follows is not one.
std::size_t link_destination_end(std::string_view md, std::size_t open) {
  std::size_t i = open + 1;
  const auto skip_spaces = [&] {
    while (i < md.size() && (md[i] == ' ' || md[i] == '\t')) ++i;
  };
  skip_spaces();
  if (i < md.size() && md[i] == '<') {
    const std::size_t close = md.find_first_of(">\n", i + 1);
    if (close == std::string_view::npos || md[close] != '>') return std::string_view::npos;
    i = close + 1;
  } else {
    int depth = 0;
    for (; i < md.size(); ++i) {
      const char c = md[i];
      if (c == '\\' && i + 1 < md.size()) {
        ++i;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')') {
        if (depth == 0) break;
        --depth;
      } else if (c == ' ' || c == '\t' || c == '\n') {
        break;
      }
    }
  }
  skip_spaces();
  if (i < md.size() && (md[i] == '"' || md[i] == '\'')) {
    const std::size_t close = md.find(md[i], i + 1);
    if (close == std::string_view::npos) return std::string_view::npos;
    i = close + 1;
    skip_spaces();
  }
  if (i >= md.size() || md[i] != ')') return std::string_view::npos;
  return i + 1;
}

// Appends the words of \p line that lie inside emphasis to \p out (MarkdownStructure::emphasised).
void add_emphasised_words(std::string_view line, std::vector<std::string>& out) {
  std::string covered(line.size(), ' ');  // the line's characters inside emphasis, the rest spaces
  struct Open {
    char mark;
    std::size_t end;  // one past the opening run
  };
  std::vector<Open> open;
  const auto space = [](char c) { return c == ' ' || c == '\t'; };
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || static_cast<unsigned char>(c) >= 0x80; };
  for (std::size_t i = 0; i < line.size();) {
    const char c = line[i];
    if (c == '\\') {
      i += 2;
      continue;
    }
    if (c == '`') {  // a code span: to the next run of as many backticks, if any
      std::size_t j = i;
      while (j < line.size() && line[j] == '`') ++j;
      const std::string_view fence = line.substr(i, j - i);
      std::size_t close = line.find(fence, j);
      while (close != std::string_view::npos && close + fence.size() < line.size() && line[close + fence.size()] == '`')
        close = line.find(fence, close + fence.size() + 1);
      i = close == std::string_view::npos ? j : close + fence.size();
      continue;
    }
    if (c != '*' && c != '_') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.size() && line[j] == c) ++j;
    const char before = i > 0 ? line[i - 1] : ' ';
    const char after = j < line.size() ? line[j] : ' ';
    const bool inside_word = c == '_' && word(before) && word(after);
    const auto match = std::find_if(open.rbegin(), open.rend(), [c](const Open& o) { return o.mark == c; });
    if (!inside_word && !space(before) && match != open.rend()) {
      const std::size_t from = match->end;
      for (std::size_t k = from; k < i; ++k) covered[k] = line[k];
      open.erase(std::prev(match.base()), open.end());
    } else if (!inside_word && !space(after) && j < line.size()) {
      open.push_back({c, j});
    }
    i = j;
  }
  const std::string lowered = python_lower(covered);
  std::vector<std::string_view> tokens;
  word_tokens(lowered, tokens);
  for (const std::string_view t : tokens) out.emplace_back(t);
}

}  // namespace

std::string without_link_destinations(std::string_view markdown) {
  std::string out;
  out.reserve(markdown.size());
  std::size_t copied = 0;
  for (std::size_t at = markdown.find("]("); at != std::string_view::npos; at = markdown.find("](", at + 1)) {
    if (at > 0 && markdown[at - 1] == '\\') continue;
    const std::size_t end = link_destination_end(markdown, at + 1);
    if (end == std::string_view::npos) continue;
    out.append(markdown, copied, at + 1 - copied);
    copied = end;
    at = end - 1;
  }
  out.append(markdown, copied);
  return out;
}

MarkdownStructure markdown_structure(std::string_view markdown) {
  MarkdownStructure out;
  std::string fence;  // the open code fence, if any
  for (std::size_t at = 0; at <= markdown.size();) {
    const std::size_t end = std::min(markdown.find('\n', at), markdown.size());
    std::string_view line = markdown.substr(at, end - at);
    at = end + 1;
    while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // Block quotes: the line inside them.
    std::string_view inner = line;
    while (true) {
      const std::size_t q = inner.find_first_not_of(' ');
      if (q == std::string_view::npos || q > 3 || inner[q] != '>') break;
      inner = inner.substr(q + 1);
    }
    const std::size_t f = inner.find_first_not_of(' ');
    if (f != std::string_view::npos && (inner.substr(f, 3) == "```" || inner.substr(f, 3) == "~~~")) {
      const std::string mark(inner.substr(f, 3));
      if (fence.empty()) fence = mark;
      else if (fence == mark) fence.clear();
      continue;
    }
    if (!fence.empty()) continue;
    add_emphasised_words(inner, out.emphasised);
    if (const auto h = heading_text(inner)) {
      std::string w = words_of(*h);
      if (!w.empty()) out.headings.push_back(std::move(w));
    } else if (const auto item = item_text(inner)) {
      std::string w = words_of(*item);
      if (!w.empty()) out.items.push_back(std::move(w));
    }
    if (end == markdown.size()) break;
  }
  return out;
}

std::optional<double> line_recall(const std::vector<std::string>& gold, const std::vector<std::string>& found) {
  if (gold.empty()) return std::nullopt;
  std::unordered_map<std::string_view, std::size_t> have;
  for (const std::string& line : found) ++have[line];
  std::size_t hits = 0;
  for (const std::string& line : gold) {
    auto it = have.find(line);
    if (it != have.end() && it->second > 0) {
      --it->second;
      ++hits;
    }
  }
  return static_cast<double>(hits) / static_cast<double>(gold.size());
}

}  // namespace boilerdex::plugin
