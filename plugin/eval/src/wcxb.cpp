#include "boilerdex/plugin/wcxb.hpp"

#include <unicode/ustring.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <ostream>

#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "report_format_internal.hpp"

namespace boilerdex::plugin {

namespace fs = std::filesystem;

namespace {

constexpr std::array<std::string_view, 7> k_types = {
    "article", "forum", "product", "collection", "listing", "documentation", "service"};

constexpr std::string_view k_default_type = "article";

// evaluate.py's get_page_type: "category" pages are scored as collections.
std::string canonical_type(std::string type) {
  if (type == "category") return "collection";
  return type;
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// The quoted value after key 'primary' (or "primary") in a Python dict literal; nullopt when
// the key is absent or its value is not a quoted string (None).
std::optional<std::string> literal_primary(std::string_view literal) {
  for (const std::string_view key :
       {std::string_view("'primary'"), std::string_view("\"primary\"")}) {
    const std::size_t at = literal.find(key);
    if (at == std::string_view::npos) continue;
    std::string_view rest = trim(literal.substr(at + key.size()));
    if (rest.empty() || rest.front() != ':') return std::nullopt;
    rest = trim(rest.substr(1));
    if (rest.empty() || (rest.front() != '\'' && rest.front() != '"')) return std::nullopt;
    const char quote = rest.front();
    std::string value;
    for (std::size_t i = 1; i < rest.size(); ++i) {
      if (rest[i] == '\\' && i + 1 < rest.size()) {
        value += rest[++i];
      } else if (rest[i] == quote) {
        return value;
      } else {
        value += rest[i];
      }
    }
    return std::nullopt;  // unterminated
  }
  return std::nullopt;
}

std::optional<std::string> optional_string(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

// The string items of a snippet list (evaluate.py's `gt.get(key, []) or []`); items of
// another kind, which evaluate.py could not lower-case, are left out.
std::vector<std::string> snippets(const nlohmann::json& object, const char* key) {
  std::vector<std::string> out;
  const auto it = object.find(key);
  if (it == object.end() || !it->is_array()) return out;
  for (const auto& item : *it) {
    if (item.is_string()) out.push_back(item.get<std::string>());
  }
  return out;
}

std::string page_type_of(const nlohmann::json& root) {
  const auto internal = root.find("_internal");
  if (internal == root.end() || !internal->is_object()) return std::string(k_default_type);
  const auto type = internal->find("page_type");
  if (type == internal->end()) return std::string(k_default_type);
  if (type->is_string()) return wcxb_page_type_from_literal(type->get_ref<const std::string&>());
  if (type->is_object()) {
    const auto primary = type->find("primary");
    if (primary != type->end() && primary->is_string())
      return canonical_type(primary->get<std::string>());
  }
  return std::string(k_default_type);
}

}  // namespace

const std::array<std::string_view, 7>& wcxb_page_types() noexcept { return k_types; }

std::optional<std::size_t> wcxb_type_index(std::string_view type) noexcept {
  const auto it = std::find(k_types.begin(), k_types.end(), type);
  if (it == k_types.end()) return std::nullopt;
  return static_cast<std::size_t>(it - k_types.begin());
}

std::string wcxb_page_type_from_literal(std::string_view literal) {
  const std::string_view text = trim(literal);
  if (text.empty()) return std::string(k_default_type);
  if (text.front() != '{') return canonical_type(std::string(text));
  return canonical_type(literal_primary(text).value_or(std::string(k_default_type)));
}

WcxbGold parse_wcxb_gold(std::string_view json, const fs::path& path) {
  nlohmann::json root;
  try {
    root = nlohmann::json::parse(json);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(path.string(), e.byte, e.what());
  }
  const auto truth = root.is_object() ? root.find("ground_truth") : root.end();
  if (!root.is_object() || truth == root.end() || !truth->is_object())
    throw InputError(path.string(), InputError::npos, "no \"ground_truth\" object");
  WcxbGold gold;
  gold.main_content = optional_string(*truth, "main_content").value_or("");
  gold.main_content_markdown = optional_string(*truth, "main_content_markdown").value_or("");
  gold.page_type = page_type_of(root);
  gold.with = snippets(*truth, "with");
  gold.without = snippets(*truth, "without");
  gold.title = optional_string(*truth, "title");
  gold.author = optional_string(*truth, "author");
  gold.publish_date = optional_string(*truth, "publish_date");
  gold.url = optional_string(root, "url").value_or("");
  return gold;
}

WcxbGold read_wcxb_gold(const fs::path& path) {
  return parse_wcxb_gold(decode_text_file(read_file_bytes(path)), path);
}

// ----- the measure ----------------------------------------------------------------------

std::string python_lower(std::string_view utf8) {
  if (utf8.empty()) return {};
  const auto length = static_cast<std::int32_t>(
      std::min<std::size_t>(utf8.size(), std::numeric_limits<std::int32_t>::max() / 4));
  // UTF-8 → UTF-16 never needs more units than bytes; lower-casing grows a string by at most
  // three units per unit (SpecialCasing), so one retry with ICU's preflight size suffices.
  std::u16string wide(static_cast<std::size_t>(length), u'\0');
  UErrorCode status = U_ZERO_ERROR;
  std::int32_t wide_length = 0;
  u_strFromUTF8WithSub(wide.data(), length, &wide_length, utf8.data(), length, 0xFFFD, nullptr,
                       &status);
  if (U_FAILURE(status)) return std::string(utf8);
  std::u16string lower(static_cast<std::size_t>(wide_length), u'\0');
  status = U_ZERO_ERROR;
  // The root locale (""): no Turkish or Lithuanian rules, as str.lower() has none.
  std::int32_t lower_length = u_strToLower(lower.data(), static_cast<std::int32_t>(lower.size()),
                                           wide.data(), wide_length, "", &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    lower.resize(static_cast<std::size_t>(lower_length));
    status = U_ZERO_ERROR;
    lower_length = u_strToLower(lower.data(), lower_length, wide.data(), wide_length, "", &status);
  }
  if (U_FAILURE(status)) return std::string(utf8);
  std::string out(static_cast<std::size_t>(lower_length) * 3, '\0');
  std::int32_t out_length = 0;
  status = U_ZERO_ERROR;
  u_strToUTF8(out.data(), static_cast<std::int32_t>(out.size()), &out_length, lower.data(),
              lower_length, &status);
  if (U_FAILURE(status)) return std::string(utf8);
  out.resize(static_cast<std::size_t>(out_length));
  return out;
}

PrfScore wcxb_word_score(const OverlapCounts& c) noexcept {
  const std::uint64_t predicted = c.tp + c.fp;
  const std::uint64_t gold = c.tp + c.fn;
  if (gold == 0) return predicted == 0 ? PrfScore{1.0, 1.0, 1.0} : PrfScore{};
  if (predicted == 0) return {};
  PrfScore s;
  s.precision = static_cast<double>(c.tp) / static_cast<double>(predicted);
  s.recall = static_cast<double>(c.tp) / static_cast<double>(gold);
  // The same expression as evaluate.py, so that per-page F1s agree to the last bit.
  s.f1 = s.precision + s.recall > 0.0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0.0;
  return s;
}

double wcxb_snippet_rate(std::string_view lowered_text, const std::vector<std::string>& snippets) {
  if (snippets.empty()) return 1.0;
  std::size_t found = 0;
  for (const auto& s : snippets) {
    if (lowered_text.find(python_lower(s)) != std::string_view::npos) ++found;
  }
  return static_cast<double>(found) / static_cast<double>(snippets.size());
}

void WcxbComparer::set_gold(std::string_view main_content, const std::vector<std::string>& with,
                            const std::vector<std::string>& without) {
  m_gold = python_lower(main_content);
  m_with.clear();
  m_without.clear();
  for (const auto& s : with) m_with.push_back(python_lower(s));
  for (const auto& s : without) m_without.push_back(python_lower(s));
}

namespace {

// wcxb_snippet_rate for snippets already lower-cased.
double lowered_snippet_rate(std::string_view lowered_text,
                            const std::vector<std::string>& lowered) {
  if (lowered.empty()) return 1.0;
  const auto found = std::count_if(lowered.begin(), lowered.end(), [&](const std::string& s) {
    return lowered_text.find(s) != std::string_view::npos;
  });
  return static_cast<double>(found) / static_cast<double>(lowered.size());
}

}  // namespace

WcxbPageScores WcxbComparer::score(std::string_view predicted) {
  const std::string lowered = python_lower(predicted);
  WcxbPageScores s;
  // Shingles of one token: the comparer's bag is all this measure needs.
  s.word = wcxb_word_score(m_comparer.compare(m_gold, lowered, 1).bow);
  s.with_rate = lowered_snippet_rate(lowered, m_with);
  s.without_rate = lowered_snippet_rate(lowered, m_without);
  return s;
}

void WcxbAggregate::add(std::string_view page_type, const WcxbPageScores& page) noexcept {
  const auto add_to = [&page](Sums& sums) {
    ++sums.pages;
    sums.p += page.word.precision;
    sums.r += page.word.recall;
    sums.f1 += page.word.f1;
    sums.with += page.with_rate;
    sums.without += page.without_rate;
  };
  add_to(m_overall);
  if (const auto type = wcxb_type_index(page_type)) add_to(m_types[*type]);
}

WcxbScores WcxbAggregate::result() const noexcept {
  const auto mean = [](const Sums& s) {
    WcxbScores::Group g;
    g.pages = s.pages;
    if (s.pages == 0) return g;
    const auto n = static_cast<double>(s.pages);
    g.word = {s.p / n, s.r / n, s.f1 / n};
    g.with_rate = s.with / n;
    g.without_rate = s.without / n;
    return g;
  };
  WcxbScores out;
  out.overall = mean(m_overall);
  for (std::size_t t = 0; t < m_types.size(); ++t) out.per_type[t] = mean(m_types[t]);
  return out;
}

// ----- the report -----------------------------------------------------------------------

using detail::fixed3;

void write_wcxb_tables(std::string_view dataset,
                       const std::vector<std::pair<std::string, WcxbScores>>& systems,
                       std::ostream& out) {
  if (systems.empty()) return;
  out << "### " << dataset << ", WCXB measures\n\n"
      << "Word P/R/F1 over lower-cased `\\w+` tokens, means over pages (WCXB's evaluate.py). "
         "with: share of the page's must-have snippets found in the output; without: share of "
         "its boilerplate snippets found (lower is better); a page with an empty list counts 1 "
         "for either, as evaluate.py does.\n\n"
      << "| system | pages | word P | word R | word F1 | with | without |\n"
      << "|---|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& [system, s] : systems) {
    const auto& o = s.overall;
    out << "| " << system << " | " << o.pages << " | " << fixed3(o.word.precision) << " | "
        << fixed3(o.word.recall) << " | " << fixed3(o.word.f1) << " | " << fixed3(o.with_rate)
        << " | " << fixed3(o.without_rate) << " |\n";
  }
  // Page counts come from the first system: every system is scored on the same pages.
  const WcxbScores& first = systems.front().second;
  out << "\nWord F1 per page type (pages):\n\n| system | overall (" << first.overall.pages << ") |";
  for (std::size_t t = 0; t < k_types.size(); ++t)
    out << ' ' << k_types[t] << " (" << first.per_type[t].pages << ") |";
  out << "\n|---|---:|";
  for (std::size_t t = 0; t < k_types.size(); ++t) out << "---:|";
  out << '\n';
  for (const auto& [system, s] : systems) {
    out << "| " << system << " | " << fixed3(s.overall.word.f1) << " |";
    for (const auto& g : s.per_type) out << ' ' << (g.pages == 0 ? "–" : fixed3(g.word.f1)) << " |";
    out << '\n';
  }
  out << "\nData: " << k_wcxb_credit << ".\n\n";
}

}  // namespace boilerdex::plugin
