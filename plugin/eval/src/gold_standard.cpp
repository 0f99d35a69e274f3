#include "boilerdex/plugin/gold_standard.hpp"

#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <system_error>
#include <utility>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "gumbo_walk_internal.hpp"

namespace boilerdex::plugin {

namespace fs = std::filesystem;

namespace {

constexpr std::array<DatasetFormat, 6> k_formats = {
    DatasetFormat::L3sGn1,      DatasetFormat::CleanEval,   DatasetFormat::Dragnet,
    DatasetFormat::Scrapinghub, DatasetFormat::Readability, DatasetFormat::Wcxb};

constexpr std::string_view k_utf8_bom = "\xEF\xBB\xBF";

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string_view drop_bom(std::string_view s) {
  if (s.substr(0, k_utf8_bom.size()) == k_utf8_bom) s.remove_prefix(k_utf8_bom.size());
  return s;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

bool is_valid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
  const auto n = static_cast<std::int32_t>(s.size());
  for (std::int32_t i = 0; i < n;) {
    UChar32 c = 0;
    U8_NEXT(p, i, n, c);
    if (c < 0) return false;
  }
  return true;
}

[[noreturn]] void layout_error(const fs::path& path, DatasetFormat format, std::string_view what) {
  throw InputError(path.string(), InputError::npos,
                   std::string("not a ") + std::string(dataset_format_name(format)) +
                       " data set: " + std::string(what));
}

void require_dir(const fs::path& path, DatasetFormat format) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) layout_error(path, format, "folder missing");
}

bool is_file(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

// Files of \p dir whose name ends in \p suffix, as (stem without suffix, path), sorted.
std::vector<std::pair<std::string, fs::path>> files_with_suffix(const fs::path& dir,
                                                                std::string_view suffix) {
  std::vector<std::pair<std::string, fs::path>> out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    const std::string name = entry.path().filename().string();
    if (name.size() <= suffix.size() || !name.ends_with(suffix)) continue;
    out.emplace_back(name.substr(0, name.size() - suffix.size()), entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// ----- Gumbo walks ----------------------------------------------------------------------

bool is_invisible(GumboTag tag) {
  return tag == GUMBO_TAG_SCRIPT || tag == GUMBO_TAG_STYLE || tag == GUMBO_TAG_NOSCRIPT ||
         tag == GUMBO_TAG_TEMPLATE || tag == GUMBO_TAG_HEAD;
}

// Elements that do not start a new line of text (phrasing content).
bool is_inline(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_A:
    case GUMBO_TAG_ABBR:
    case GUMBO_TAG_ACRONYM:
    case GUMBO_TAG_B:
    case GUMBO_TAG_BDI:
    case GUMBO_TAG_BDO:
    case GUMBO_TAG_BIG:
    case GUMBO_TAG_CITE:
    case GUMBO_TAG_CODE:
    case GUMBO_TAG_DFN:
    case GUMBO_TAG_EM:
    case GUMBO_TAG_FONT:
    case GUMBO_TAG_I:
    case GUMBO_TAG_KBD:
    case GUMBO_TAG_MARK:
    case GUMBO_TAG_Q:
    case GUMBO_TAG_S:
    case GUMBO_TAG_SAMP:
    case GUMBO_TAG_SMALL:
    case GUMBO_TAG_SPAN:
    case GUMBO_TAG_STRIKE:
    case GUMBO_TAG_STRONG:
    case GUMBO_TAG_SUB:
    case GUMBO_TAG_SUP:
    case GUMBO_TAG_TIME:
    case GUMBO_TAG_TT:
    case GUMBO_TAG_U:
    case GUMBO_TAG_VAR:
      return true;
    default:
      return false;
  }
}

void end_line(std::string& text) {
  if (!text.empty() && text.back() != '\n') text += '\n';
}

// The x-nc-selN class of a span, if it has one.
std::optional<std::uint8_t> x_nc_class(const GumboElement& element) {
  if (element.tag != GUMBO_TAG_SPAN) return std::nullopt;
  const GumboAttribute* cls = gumbo_get_attribute(&element.attributes, "class");
  if (cls == nullptr) return std::nullopt;
  std::string_view v = cls->value;
  constexpr std::string_view prefix = "x-nc-sel";
  for (std::size_t pos = v.find(prefix); pos != std::string_view::npos;
       pos = v.find(prefix, pos + 1)) {
    const std::size_t digit = pos + prefix.size();
    const bool starts_token = pos == 0 || is_space(v[pos - 1]);
    const bool ends_token =
        digit + 1 == v.size() || (digit + 1 < v.size() && is_space(v[digit + 1]));
    if (starts_token && digit < v.size() && v[digit] >= '0' && v[digit] <= '5' && ends_token) {
      return static_cast<std::uint8_t>(v[digit] - '0');
    }
  }
  return std::nullopt;
}

std::string_view node_text(const GumboNode* node) { return node->v.text.text; }

}  // namespace

// ----- formats and specs ----------------------------------------------------------------

std::string_view dataset_format_name(DatasetFormat format) noexcept {
  switch (format) {
    case DatasetFormat::L3sGn1:
      return "l3s-gn1";
    case DatasetFormat::CleanEval:
      return "cleaneval";
    case DatasetFormat::Dragnet:
      return "dragnet";
    case DatasetFormat::Scrapinghub:
      return "scrapinghub";
    case DatasetFormat::Readability:
      return "readability";
    case DatasetFormat::Wcxb:
      return "wcxb";
  }
  return "unknown";
}

const std::vector<DatasetFormat>& all_dataset_formats() {
  static const std::vector<DatasetFormat> formats(k_formats.begin(), k_formats.end());
  return formats;
}

DatasetSpec parse_dataset_spec(std::string_view spec) {
  const std::size_t colon = spec.find(':');
  std::string valid;
  for (const auto f : k_formats)
    valid += (valid.empty() ? "" : ", ") + std::string(dataset_format_name(f));
  if (colon == std::string_view::npos || colon + 1 == spec.size()) {
    throw UsageError("--dataset '" + std::string(spec) +
                     "': expected FORMAT:DIR with FORMAT one of " + valid);
  }
  const std::string_view name = spec.substr(0, colon);
  for (const auto f : k_formats) {
    if (dataset_format_name(f) == name) return {f, fs::path(std::string(spec.substr(colon + 1)))};
  }
  throw UsageError("--dataset '" + std::string(spec) + "': unknown format '" + std::string(name) +
                   "' (valid: " + valid + ")");
}

// ----- files ----------------------------------------------------------------------------

std::string decode_text_file(std::string_view bytes) {
  bytes = drop_bom(bytes);
  if (is_valid_utf8(bytes)) return std::string(bytes);
  return decode_to_utf8(bytes, "windows-1252").utf8;
}

// ----- listing --------------------------------------------------------------------------

Dataset open_dataset(const DatasetSpec& spec) {
  Dataset ds;
  ds.format = spec.format;
  ds.dir = spec.dir;
  ds.name = fs::path(spec.dir).lexically_normal().filename().string();
  if (ds.name.empty())
    ds.name = fs::path(spec.dir).lexically_normal().parent_path().filename().string();
  require_dir(spec.dir, spec.format);
  const auto skip = [&ds](const fs::path& p, std::string_view why) {
    ds.skipped.push_back(p.string() + ": " + std::string(why));
  };
  switch (spec.format) {
    case DatasetFormat::L3sGn1: {
      const fs::path original = spec.dir / "original";
      const fs::path annotated = spec.dir / "annotated";
      require_dir(original, spec.format);
      require_dir(annotated, spec.format);
      for (auto& [id, path] : files_with_suffix(original, ".html")) {
        fs::path gold = annotated / (id + ".html");
        if (!is_file(gold)) {
          skip(path, "no annotated/" + id + ".html");
          continue;
        }
        ds.pages.push_back({id, path, std::move(gold), "UTF-8", std::nullopt, std::nullopt});
      }
      break;
    }
    case DatasetFormat::CleanEval: {
      const fs::path input = spec.dir / "input";
      const fs::path gold_dir = spec.dir / "GoldStandard";
      require_dir(input, spec.format);
      require_dir(gold_dir, spec.format);
      for (auto& [id, path] : files_with_suffix(input, ".html")) {
        fs::path gold = gold_dir / (id + ".txt");
        if (!is_file(gold)) {
          skip(path, "no GoldStandard/" + id + ".txt");
          continue;
        }
        // The declared charset comes from the <text> wrapper, read with the page.
        ds.pages.push_back({id, path, std::move(gold), "", std::nullopt, std::nullopt});
      }
      break;
    }
    case DatasetFormat::Dragnet: {
      const fs::path html = spec.dir / "HTML";
      const fs::path gold_dir = spec.dir / "Corrected";
      require_dir(html, spec.format);
      require_dir(gold_dir, spec.format);
      for (auto& [id, path] : files_with_suffix(html, ".html")) {
        fs::path gold = gold_dir / (id + ".html.corrected.txt");
        if (!is_file(gold)) {
          skip(path, "no Corrected/" + id + ".html.corrected.txt");
          continue;
        }
        ds.pages.push_back({id, path, std::move(gold), "", std::nullopt, std::nullopt});
      }
      break;
    }
    case DatasetFormat::Scrapinghub: {
      const fs::path truth = spec.dir / "ground-truth.json";
      if (!is_file(truth)) layout_error(truth, spec.format, "file missing");
      nlohmann::json json;
      try {
        json = nlohmann::json::parse(read_file_bytes(truth));
      } catch (const nlohmann::json::parse_error& e) {
        throw InputError(truth.string(), e.byte, e.what());
      }
      if (!json.is_object()) throw InputError(truth.string(), 0, "expected a JSON object of pages");
      for (const auto& [id, item] : json.items()) {
        fs::path html = spec.dir / "html" / (id + ".html.gz");
        if (!is_file(html)) {
          skip(html, "listed in ground-truth.json, file missing");
          continue;
        }
        std::string gold;
        if (item.is_object() && item.contains("articleBody") && item["articleBody"].is_string()) {
          gold = item["articleBody"].get<std::string>();
        } else if (!item.is_object()) {
          throw InputError(truth.string(), InputError::npos, "page '" + id + "' is not an object");
        }
        ds.pages.push_back({id, std::move(html), truth, "UTF-8", std::move(gold), std::nullopt});
      }
      std::sort(ds.pages.begin(), ds.pages.end(),
                [](const GoldPage& a, const GoldPage& b) { return a.id < b.id; });
      break;
    }
    case DatasetFormat::Readability: {
      const fs::path pages = spec.dir / "test-pages";
      require_dir(pages, spec.format);
      std::vector<fs::path> cases;
      for (const auto& entry : fs::directory_iterator(pages)) {
        if (entry.is_directory()) cases.push_back(entry.path());
      }
      std::sort(cases.begin(), cases.end());
      for (const auto& dir : cases) {
        fs::path source = dir / "source.html";
        fs::path expected = dir / "expected.html";
        if (!is_file(source) || !is_file(expected)) {
          skip(dir, "needs source.html and expected.html");
          continue;
        }
        ds.pages.push_back({dir.filename().string(), std::move(source), std::move(expected),
                            "UTF-8", std::nullopt, std::nullopt});
      }
      break;
    }
    case DatasetFormat::Wcxb: {
      const fs::path html_dir = spec.dir / "html";
      const fs::path truth = spec.dir / "ground-truth";
      require_dir(html_dir, spec.format);
      require_dir(truth, spec.format);
      for (auto& [id, gold_path] : files_with_suffix(truth, ".json")) {
        fs::path html = html_dir / (id + ".html.gz");
        if (!is_file(html)) {
          skip(gold_path, "no html/" + id + ".html.gz");
          continue;
        }
        WcxbGold gold;
        try {
          gold = read_wcxb_gold(gold_path);
        } catch (const InputError& e) {
          skip(gold_path, e.what());
          continue;
        }
        std::string text = std::move(gold.main_content);
        gold.main_content.clear();
        ds.pages.push_back(
            {id, std::move(html), std::move(gold_path), "", std::move(text), std::move(gold)});
      }
      break;
    }
  }
  return ds;
}

// ----- page input -----------------------------------------------------------------------

namespace {

// Splits a CleanEval page into its wrapper's encoding and the HTML inside
// `<text id=".." title=".." encoding="..">` … `</text>`.
std::pair<std::string, std::string_view> unwrap_cleaneval(std::string_view bytes) {
  std::string_view body = drop_bom(bytes);
  std::size_t start = 0;
  while (start < body.size() && is_space(body[start])) ++start;
  if (body.substr(start, 6) != "<text ") return {"", bytes};
  const std::size_t close = body.find('>', start);
  if (close == std::string_view::npos) return {"", bytes};
  const std::string_view wrapper = body.substr(start, close - start);
  std::string encoding;
  const std::size_t attr = wrapper.find("encoding=\"");
  if (attr != std::string_view::npos) {
    const std::size_t value = attr + 10;
    const std::size_t end = wrapper.find('"', value);
    if (end != std::string_view::npos) encoding = lower_ascii(wrapper.substr(value, end - value));
  }
  if (encoding == "utf8") encoding = "UTF-8";
  if (encoding == "unset" || encoding.starts_with("unknown")) encoding.clear();
  body.remove_prefix(close + 1);
  std::size_t end = body.size();
  while (end > 0 && is_space(body[end - 1])) --end;
  if (body.substr(0, end).ends_with("</text>")) end -= 7;
  return {encoding, body.substr(0, end)};
}

}  // namespace

std::string load_page_html(const Dataset& dataset, const GoldPage& page) {
  const std::string bytes = read_file_bytes(page.html_path);
  std::string_view html = bytes;
  std::string declared = page.declared_charset;
  if (dataset.format == DatasetFormat::CleanEval) {
    auto [encoding, inner] = unwrap_cleaneval(bytes);
    declared = std::move(encoding);
    html = inner;
  }
  return decode_to_utf8(html, declared).utf8;
}

// ----- gold -----------------------------------------------------------------------------

namespace {

std::string cleaneval_gold(std::string_view text) {
  text = drop_bom(text);
  // The leading "URL: ..." line names the page; it is not content.
  std::size_t first = 0;
  while (first < text.size() && is_space(text[first])) ++first;
  if (text.substr(first, 4) == "URL:") {
    const std::size_t eol = text.find('\n', first);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
  }
  // Unit markers open a paragraph, heading or list item; they may follow indentation.
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '<' && i + 2 < text.size() && text[i + 2] == '>' &&
        (text[i + 1] == 'p' || text[i + 1] == 'h' || text[i + 1] == 'l')) {
      end_line(out);
      i += 3;
      continue;
    }
    out += text[i++];
  }
  return out;
}

// A line of Dragnet's comments separator, as typed by its annotators (dragnet_gold_text).
bool is_dragnet_separator(std::string_view line) {
  constexpr std::string_view symbols = "!@#$%^&*()";
  constexpr std::string_view word = "COMMENTS";
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!line.empty() && blank(line.back())) line.remove_suffix(1);
  if (!line.ends_with(word)) return false;
  line.remove_suffix(word.size());
  std::size_t n_symbols = 0;
  for (const char c : line) {
    if (symbols.find(c) != std::string_view::npos) {
      ++n_symbols;
    } else if (!blank(c)) {
      return false;
    }
  }
  return n_symbols >= 4;
}

}  // namespace

std::string dragnet_gold_text(std::string_view text) {
  text = drop_bom(text);
  for (std::size_t begin = 0; begin < text.size();) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    if (is_dragnet_separator(text.substr(begin, end - begin)))
      return std::string(text.substr(0, begin));
    begin = end + 1;
  }
  return std::string(text);
}

std::string load_gold_text(const Dataset& dataset, const GoldPage& page) {
  if (page.gold_text) return *page.gold_text;
  const std::string bytes = read_file_bytes(page.gold_path);
  switch (dataset.format) {
    case DatasetFormat::L3sGn1:
      return parse_l3s_annotated(decode_to_utf8(bytes, "UTF-8").utf8).gold_text;
    case DatasetFormat::CleanEval:
      return cleaneval_gold(decode_text_file(bytes));
    case DatasetFormat::Dragnet:
      return dragnet_gold_text(decode_text_file(bytes));
    case DatasetFormat::Readability:
      return html_text_content(decode_to_utf8(bytes, "UTF-8").utf8);
    case DatasetFormat::Scrapinghub:
    case DatasetFormat::Wcxb:
      break;  // gold read by open_dataset
  }
  return {};
}

fs::path l3s_annotated_path(const Dataset& dataset, const GoldPage& page) {
  return dataset.dir / "annotated" / (page.id + ".html");
}

AnnotatedPage parse_l3s_annotated(std::string_view utf8) {
  AnnotatedPage page;
  // Gold files are read whole, without a deadline.
  const detail::ParsedHtml parsed(utf8, PageBudget(), "reading gold");
  std::vector<std::uint8_t> byte_class(utf8.size(), AnnotatedPage::k_no_text);
  std::vector<std::pair<std::size_t, std::size_t>> removed;  // tag byte ranges to drop
  std::vector<std::uint8_t> classes{static_cast<std::uint8_t>(L3sClass::Unlabelled)};
  std::vector<bool> pushed;  // per open element: did it push a class?
  bool gap = false;          // non-gold text seen since the last gold text
  // Pieces point into what Gumbo read (the page, or its same-length rewrite).
  const std::string_view read = parsed.text();
  const auto offset_of = [read](const GumboStringPiece& piece) {
    return static_cast<std::size_t>(piece.data - read.data());
  };
  const auto in_input = [read](const GumboStringPiece& piece) { return detail::piece_in(piece, read); };
  parsed.walk(
      [&](const GumboNode* node) {
        const GumboElement& e = node->v.element;
        if (is_invisible(e.tag)) return false;
        if (!is_inline(e.tag)) end_line(page.gold_text);
        const auto cls = x_nc_class(e);
        pushed.push_back(cls.has_value());
        if (cls) {
          classes.push_back(*cls);
          if (in_input(e.original_tag))
            removed.emplace_back(offset_of(e.original_tag), e.original_tag.length);
          if (in_input(e.original_end_tag)) {
            removed.emplace_back(offset_of(e.original_end_tag), e.original_end_tag.length);
          }
        }
        return true;
      },
      [&](const GumboNode* node) {
        if (pushed.back()) classes.pop_back();
        pushed.pop_back();
        if (!is_inline(node->v.element.tag)) end_line(page.gold_text);
      },
      [&](const GumboNode* node) {
        const std::uint8_t cls = classes.back();
        const bool whitespace = node->type == GUMBO_NODE_WHITESPACE;
        if (cls >= 1 && cls <= 3) {
          // Text left out between two gold runs must not glue their words together.
          if (gap && !page.gold_text.empty() && !is_space(page.gold_text.back()))
            page.gold_text += ' ';
          page.gold_text += node_text(node);
          gap = false;
          if (cls == static_cast<std::uint8_t>(L3sClass::Headline)) {
            if (!page.headline.empty()) page.headline += ' ';
            page.headline += node_text(node);
          }
        } else if (!whitespace) {
          gap = true;
        }
        if (whitespace) return;
        const GumboStringPiece& raw = node->v.text.original_text;
        if (!in_input(raw)) return;
        const std::size_t begin = offset_of(raw);
        std::fill_n(byte_class.begin() + static_cast<std::ptrdiff_t>(begin), raw.length, cls);
      });
  std::sort(removed.begin(), removed.end());
  page.html.reserve(utf8.size());
  page.byte_class.reserve(utf8.size());
  std::size_t at = 0;
  for (const auto& [begin, length] : removed) {
    if (begin < at) continue;  // overlapping ranges cannot occur; be safe
    page.html.append(utf8.substr(at, begin - at));
    page.byte_class.insert(page.byte_class.end(),
                           byte_class.begin() + static_cast<std::ptrdiff_t>(at),
                           byte_class.begin() + static_cast<std::ptrdiff_t>(begin));
    at = begin + length;
  }
  page.html.append(utf8.substr(at));
  page.byte_class.insert(page.byte_class.end(),
                         byte_class.begin() + static_cast<std::ptrdiff_t>(at), byte_class.end());
  return page;
}

std::string html_text_content(std::string_view utf8) {
  std::string text;
  const detail::ParsedHtml parsed(utf8, PageBudget(), "reading gold");
  parsed.walk(
      [&](const GumboNode* node) {
        if (is_invisible(node->v.element.tag)) return false;
        if (!is_inline(node->v.element.tag)) end_line(text);
        return true;
      },
      [&](const GumboNode* node) {
        if (!is_inline(node->v.element.tag)) end_line(text);
      },
      [&](const GumboNode* node) { text += node_text(node); });
  return text;
}

}  // namespace boilerdex::plugin
