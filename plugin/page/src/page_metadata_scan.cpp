// The lexical scan behind read_page_metadata: one pass over the decoded page's tags,
// gathering <title>, <h1>, <h2>, <meta>, <link rel=canonical>, <base href>, <html lang>,
// <time>, microdata and byline elements and JSON-LD scripts (page_metadata_internal.hpp).
// Text of an element is read from its start tag to its end tag (same-name nesting counted),
// bounded.
#include <algorithm>
#include <array>
#include <cstdint>
#include <tuple>

#include "boilerdex/plugin/double_encoding.hpp"
#include "markup_lexer_internal.hpp"
#include "named_reference_internal.hpp"
#include "page_metadata_internal.hpp"
#include "utf8_internal.hpp"

namespace boilerdex::plugin::detail {
namespace {

constexpr std::size_t k_max_h1 = 4;
constexpr std::size_t k_max_h2 = 2;
constexpr std::size_t k_max_times = 8;
constexpr std::size_t k_max_meta = 256;
constexpr std::size_t k_max_bylines = 6;
constexpr std::size_t k_max_json_ld_scripts = 16;
constexpr std::size_t k_element_scan_bytes = 16384;  // markup read for one element's text
constexpr std::size_t k_scope_scan_bytes = 65536;    // markup searched for the end of a review or a <nav>
constexpr std::size_t k_max_element_reads = 256;     // elements whose text is read, per page
constexpr std::size_t k_after_headline_bytes = 300;  // text read after the headline's </h1>
constexpr std::size_t k_date_before_headline_bytes = 600;  // markup between a date element and the <h1>
constexpr std::size_t k_label_before_headline_bytes = 300;  // markup searched for "Published" before the <h1>
constexpr std::size_t k_label_text_bytes = 60;  // text read after that label

struct Entity {
  std::string_view name;
  char32_t value;
  bool legacy = false;  // one of the HTML standard's legacy names, read without its ';' too
};
// The references page titles and names use most, read without a lookup (named_reference_at
// reads the others).
constexpr std::array<Entity, 24> k_entities{{
    {"amp", U'&', true},     {"lt", U'<', true},      {"gt", U'>', true},
    {"quot", U'"', true},    {"apos", U'\''},         {"nbsp", U' ', true},
    {"ndash", U'\u2013'},    {"mdash", U'\u2014'},    {"lsquo", U'\u2018'},
    {"rsquo", U'\u2019'},    {"ldquo", U'\u201C'},    {"rdquo", U'\u201D'},
    {"hellip", U'\u2026'},   {"copy", U'\u00A9', true}, {"reg", U'\u00AE', true},
    {"trade", U'\u2122'},    {"middot", U'\u00B7', true}, {"raquo", U'\u00BB', true},
    {"laquo", U'\u00AB', true}, {"bull", U'\u2022'},   {"eacute", U'\u00E9', true},
    {"uuml", U'\u00FC', true}, {"ouml", U'\u00F6', true}, {"auml", U'\u00E4', true},
}};

// A legacy reference without its ';' at raw[i] ('&'), as HTML reads one ("Webmaster&nbsp")
// where no letter, digit or '=' follows the name: its value and length, or {0, 0}.
std::pair<char32_t, std::size_t> legacy_reference_at(std::string_view raw, std::size_t i) noexcept {
  const std::string_view rest = raw.substr(i + 1);
  for (const auto& e : k_entities) {
    if (!e.legacy || !rest.starts_with(e.name)) continue;
    const char next = rest.size() > e.name.size() ? rest[e.name.size()] : ' ';
    if (!is_ascii_alnum(next) && next != '=') return {e.value, e.name.size() + 1};
  }
  return {0, 0};
}

// The character reference at raw[i] ('&'): its value and length, or {0, 0}.
std::pair<char32_t, std::size_t> reference_at(std::string_view raw, std::size_t i) noexcept {
  const std::size_t semi = raw.find(';', i + 1);
  if (semi == std::string_view::npos || semi - i > 12) return legacy_reference_at(raw, i);
  const std::string_view name = raw.substr(i + 1, semi - i - 1);
  if (name.size() >= 2 && name[0] == '#') {
    std::uint32_t v = 0;
    const bool hex = name[1] == 'x' || name[1] == 'X';
    for (std::size_t k = hex ? 2 : 1; k < name.size(); ++k) {
      const char c = name[k];
      int d = -1;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (hex && ascii_lower(c) >= 'a' && ascii_lower(c) <= 'f') d = ascii_lower(c) - 'a' + 10;
      if (d < 0 || v > 0x10FFFF) return {0, 0};
      v = v * (hex ? 16 : 10) + static_cast<std::uint32_t>(d);
    }
    if (v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) v = 0xFFFD;
    // "&#146;" is windows-1252's "’", as HTML reads a reference to a C1 control.
    return {windows_1252_for_c1(static_cast<char32_t>(v)), semi - i + 1};
  }
  for (const auto& e : k_entities) {
    if (e.name == name) return {e.value, semi - i + 1};
  }
  return legacy_reference_at(raw, i);
}

// Start tag name at html[lt + 1], lower-cased into a small buffer (empty when not a name).
std::string_view tag_name(std::string_view html, std::size_t p, std::array<char, 16>& buf,
                          std::size_t& end) noexcept {
  std::size_t n = 0;
  end = p;
  while (end < html.size() && (is_ascii_alnum(html[end]) || html[end] == '-' || html[end] == ':')) {
    if (n < buf.size()) buf[n] = ascii_lower(html[end]);
    ++n;
    ++end;
  }
  if (n == 0 || n > buf.size()) return {};
  return {buf.data(), n};
}

// Whether \p lower_name (a tag's name, lower-cased) is a heading's, h1 to h6.
bool is_heading(std::string_view lower_name) noexcept {
  return lower_name.size() == 2 && lower_name[0] == 'h' && lower_name[1] >= '1' && lower_name[1] <= '6';
}

bool is_raw_text(std::string_view name) noexcept {
  return name == "script" || name == "style" || name == "textarea" || name == "xmp";
}

// The text between the start tag ending at \p p and the end tag of \p name (same-name
// nesting counted; a heading ends at any heading's tag, as HTML's tree builder closes it:
// "<h1>Title</h2><p>January 1</p>" is "Title"), tags dropped, script and style bodies
// skipped; bounded. With an empty
// \p name, the first \p max_bytes of text from \p p on, whatever elements it crosses, each
// tag marked by k_tag_mark between spaces (a name in a byline ends with its element).
std::string element_text(std::string_view html, std::size_t p, std::string_view name,
                         std::size_t max_bytes) {
  const char gap = name.empty() ? k_tag_mark : ' ';
  const bool heading = is_heading(name);
  std::string raw;
  const std::size_t stop = std::min(html.size(), p + k_element_scan_bytes);
  int depth = 1;
  std::array<char, 16> buf{};
  while (p < stop && (!name.empty() || raw.size() < 4 * max_bytes)) {
    const std::size_t lt = html.find('<', p);
    const std::size_t text_end = lt == std::string_view::npos ? stop : std::min(lt, stop);
    raw.append(html.substr(p, text_end - p));
    raw.push_back(' ');
    // One mark for a run of tags with no text between them.
    const std::size_t last = raw.find_last_not_of(' ');
    if (gap != ' ' && (last == std::string::npos || raw[last] != gap)) raw.append({gap, ' '});
    if (text_end >= stop) break;
    const bool closing = lt + 1 < html.size() && html[lt + 1] == '/';
    std::size_t end = 0;
    const std::string_view t = tag_name(html, lt + (closing ? 2 : 1), buf, end);
    const std::size_t gt = html.find('>', lt);
    if (gt == std::string_view::npos) break;
    if (heading && is_heading(t)) break;
    if (!name.empty() && t == name) {
      depth += closing ? -1 : 1;
      if (depth == 0) break;
    }
    p = gt + 1;
    if (!closing && is_raw_text(t)) p = skip_raw_text(html, p, t);
  }
  return clean_text(raw, max_bytes);
}

// The position just past the end tag of \p name at or after \p p (same-name nesting not
// counted: headings do not nest; a heading's is any heading's end tag, element_text), within
// k_element_scan_bytes; npos when there is none.
std::size_t find_end_tag(std::string_view html, std::size_t p, std::string_view name) noexcept {
  const std::size_t stop = std::min(html.size(), p + k_element_scan_bytes);
  const bool heading = is_heading(name);
  for (std::size_t lt = html.find("</", p); lt != std::string_view::npos && lt < stop; lt = html.find("</", lt + 2)) {
    const bool closes = heading ? lt + 3 < html.size() && (html[lt + 2] | 0x20) == 'h' && html[lt + 3] >= '1' &&
                                      html[lt + 3] <= '6'
                                : starts_with_lower(html.substr(lt + 2), name);
    if (!closes) continue;
    const std::size_t gt = html.find('>', lt);
    return gt == std::string_view::npos ? gt : gt + 1;
  }
  return std::string_view::npos;
}

// The position just past the end tag that closes the element of \p name whose content starts
// at \p p, counting the same name's start and end tags in between (a review's <div> holds
// <div>s, a <nav> may hold a <nav>); p + k_scope_scan_bytes (or the end) when none closes it within that.
std::size_t find_closing_tag(std::string_view html, std::size_t p, std::string_view name) noexcept {
  const std::size_t stop = std::min(html.size(), p + k_scope_scan_bytes);
  std::size_t depth = 1;
  for (std::size_t lt = html.find('<', p); lt != std::string_view::npos && lt + 1 < stop;
       lt = html.find('<', lt + 1)) {
    const bool closing = html[lt + 1] == '/';
    const std::size_t at = lt + (closing ? 2 : 1);
    if (!starts_with_lower(html.substr(at), name)) continue;
    const std::size_t next = at + name.size();
    if (next < html.size() && detail::is_ascii_alnum(html[next])) continue;  // <div> is not <divider>
    if (!closing) {
      ++depth;
    } else if (--depth == 0) {
      const std::size_t gt = html.find('>', lt);
      return gt == std::string_view::npos ? html.size() : gt + 1;
    }
  }
  return stop;
}

bool holds_word(std::string_view value, std::string_view lower_word) noexcept {
  bool found = false;
  for_each_markup_word(value, [&](std::string_view w) { found = found || equals_lower(w, lower_word); });
  return found;
}

// The text after the last "Published" or "Posted" that starts an element's text in the
// k_label_before_headline_bytes of markup before \p lt, read by \p text_of; "" when none.
template <class TextOf>
std::string labelled_text_before(std::string_view html, std::size_t lt, const TextOf& text_of) {
  const std::size_t begin = lt > k_label_before_headline_bytes ? lt - k_label_before_headline_bytes : 0;
  const std::string_view window = html.substr(begin, lt - begin);
  for (std::size_t k = window.size(); k-- > 0;) {
    if (!starts_with_lower(window.substr(k), "published") && !starts_with_lower(window.substr(k), "posted")) continue;
    // The first word of an element's text (not a word inside a tag, nor one in a sentence).
    const std::size_t close = window.rfind('>', k);
    if (close == std::string_view::npos || window.find_first_not_of(" \t\r\n", close + 1) != k) continue;
    return text_of(begin + k, {}, k_label_text_bytes);
  }
  return {};
}

// Whether a class attribute's value lists \p lower_class (its space-separated names, any case).
bool holds_class(std::string_view value, std::string_view lower_class) noexcept {
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && is_html_space(value[i])) ++i;
    const std::size_t begin = i;
    while (i < value.size() && !is_html_space(value[i])) ++i;
    if (i > begin && equals_lower(value.substr(begin, i - begin), lower_class)) return true;
  }
  return false;
}

// What the words of a class or id value say, looked up by each word's first character
// (one pass over the value; this runs on every element that has a class or an id).
enum MarkerBits : unsigned {
  k_byline = 1,     // author, authors, authorname, byline, writer, articleauthor, postauthor, username
  k_date = 2,       // date, dateline, published, pubdate, posted, postdate, timestamp, entrydate, publishdate, byline
  k_not_byline = 4,  // comment*, reply*, avatar*, bio*, description*, img*, image*, photo*, box
  k_not_date = 8,    // comment*, reply*, event*, update*, modif*, review*
  // *headline (not subheadline), articletitle, entrytitle, posttitle, storytitle, newstitle,
  // and "title" right after article, entry, post, story or news ("entry-title")
  k_headline = 16,
};


// Whether \p w (one word of a class or id value) names a story: what a headline's marker
// joins to "title" ("entry-title", "articleTitle").
bool names_story(std::string_view w) noexcept {
  return equals_lower(w, "article") || equals_lower(w, "entry") || equals_lower(w, "post") ||
         equals_lower(w, "story") || equals_lower(w, "news");
}

// Whether \p w marks a headline by itself: "headline", "storyHeadline" (not "subheadline"
// nor "siteHeadline", the site's name, nor "headlines", a list of them), or a story's word
// joined to "title" ("articleTitle").
bool marks_headline(std::string_view w) noexcept {
  constexpr std::string_view headline = "headline", title = "title";
  if (w.size() >= headline.size() && equals_lower(w.substr(w.size() - headline.size()), headline))
    return !starts_with_lower(w, "sub") && !starts_with_lower(w, "site");
  return w.size() > title.size() && equals_lower(w.substr(w.size() - title.size()), title) &&
         names_story(w.substr(0, w.size() - title.size()));
}

unsigned marker_bits(std::string_view value) noexcept {
  unsigned bits = 0;
  std::string_view before;  // the word before: "entry" of "entry-title", "site" of "site_headline"
  for_each_markup_word(value, [&](std::string_view w) {
    const auto is = [&](std::string_view word) { return equals_lower(w, word); };
    const auto starts = [&](std::string_view prefix) { return starts_with_lower(w, prefix); };
    // Both markers end in 'e' ("headline", "title"): most words are passed over at once.
    if (ascii_lower(w.back()) == 'e' &&
        ((marks_headline(w) && !equals_lower(before, "site")) || (is("title") && names_story(before))))
      bits |= k_headline;
    before = w;
    switch (ascii_lower(w.front())) {
      case 'a':
        if (is("author") || is("authors") || is("authorname") || is("articleauthor")) bits |= k_byline;
        if (starts("avatar")) bits |= k_not_byline;
        break;
      case 'b':
        if (is("byline")) bits |= k_byline | k_date;
        if (starts("bio") || is("box")) bits |= k_not_byline;
        break;
      case 'c':
        if (starts("comment")) bits |= k_not_byline | k_not_date;
        break;
      case 'd':
        if (is("date") || is("dateline")) bits |= k_date;
        if (starts("description")) bits |= k_not_byline;
        break;
      case 'e':
        if (is("entrydate")) bits |= k_date;
        if (starts("event")) bits |= k_not_date;
        break;
      case 'i':
        if (starts("img") || starts("image")) bits |= k_not_byline;
        break;
      case 'm':
        if (starts("modif")) bits |= k_not_date;
        break;
      case 'p':
        if (is("postauthor")) bits |= k_byline;
        if (is("published") || is("pubdate") || is("posted") || is("postdate") || is("publishdate"))
          bits |= k_date;
        if (starts("photo")) bits |= k_not_byline;
        break;
      case 'r':
        if (starts("reply")) bits |= k_not_byline | k_not_date;
        if (starts("review")) bits |= k_not_date;
        break;
      case 't':
        if (is("timestamp")) bits |= k_date;
        break;
      case 'u':
        if (starts("update")) bits |= k_not_date;
        if (is("username")) bits |= k_byline;  // forum software's poster name
        break;
      case 'w':
        if (is("writer")) bits |= k_byline;
        break;
      default:
        break;
    }
  });
  return bits;
}

bool is_byline_marker(unsigned bits) noexcept { return (bits & k_byline) && !(bits & k_not_byline); }
bool is_date_marker(unsigned bits) noexcept { return (bits & k_date) && !(bits & k_not_date); }

// A link to an author's page: a path segment "author", "authors", "writer" or "contributor".
bool is_author_link(std::string_view href) noexcept {
  for (const std::string_view segment : {"/author/", "/authors/", "/writer/", "/writers/",
                                         "/contributor/", "/contributors/", "/byline/"}) {
    if (contains_lower(href, segment)) return true;
  }
  return false;
}

std::string lower_copy(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

}  // namespace

void append_clean_text(std::string& out, std::string_view raw, std::size_t max_bytes) {
  const std::size_t start = out.size();
  bool space = false;
  for (std::size_t i = 0; i < raw.size() && out.size() - start < max_bytes + 8; ++i) {
    const char c = raw[i];
    if (is_html_space(c) || c == '\v') {
      space = true;
      continue;
    }
    char32_t ref = 0;
    std::size_t len = 0;
    if (c == '&') std::tie(ref, len) = reference_at(raw, i);
    if (ref == U' ' || ref == U'\u00A0') {
      space = true;
      i += len - 1;
      continue;
    }
    // Any other of HTML's named references ("&oacute;", "&pound;"), when it is one; one that
    // reads as white space ("&NewLine;", "&NonBreakingSpace;") is a space, as "&nbsp;" is.
    std::string named;
    if (c == '&' && len == 0) std::tie(named, len) = named_reference_at(raw, i);
    if (!named.empty() && (named == "\u00A0" || std::all_of(named.begin(), named.end(), [](char ch) {
                             return is_html_space(ch) || ch == '\v';
                           }))) {
      space = true;
      i += len - 1;
      continue;
    }
    if (space && out.size() > start) out.push_back(' ');
    space = false;
    if (!named.empty()) {
      out += named;
      i += len - 1;
    } else if (len > 0) {
      append_utf8(out, ref);
      i += len - 1;
    } else if (static_cast<unsigned char>(c) == 0xC2 && i + 1 < raw.size() &&
               static_cast<unsigned char>(raw[i + 1]) == 0xA0) {  // U+00A0 as UTF-8
      space = true;
      ++i;
    } else {
      out.push_back(c);
    }
  }
  const std::string_view kept = truncate_utf8(std::string_view(out).substr(start), max_bytes);
  out.resize(start + kept.size());
  while (out.size() > start && out.back() == ' ') out.pop_back();
}

std::string clean_text(std::string_view raw, std::size_t max_bytes) {
  std::string out;
  append_clean_text(out, raw, max_bytes);
  return out;
}

namespace {

// Whether an itemtype= value names a review: "https://schema.org/Review", "…/CriticReview".
bool is_review_type(std::string_view itemtype) noexcept {
  bool review = false;
  for_each_markup_word(itemtype, [&](std::string_view w) {
    review = review || (w.size() >= 6 && equals_lower(w.substr(w.size() - 6), "review"));
  });
  return review;
}

// Whether \p href leads to a site's home page: "/", "./", "index.html" (or .htm, .php), the
// same up a few levels ("../../index.html", "../": a static copy of a site, whose links are
// written relative to each page), or an absolute URL whose path is empty or "/", without a
// query.
bool is_home_href(std::string_view href) noexcept {
  while (!href.empty() && href.front() == ' ') href.remove_prefix(1);
  while (!href.empty() && href.back() == ' ') href.remove_suffix(1);
  bool up = false;
  while (href.starts_with("../")) {
    href.remove_prefix(3);
    up = true;
  }
  if (up && href.empty()) return true;
  if (href == "/" || href == "./" || href == "index.html" || href == "index.htm" || href == "index.php" ||
      href == "/index.html" || href == "/index.php")
    return true;
  std::size_t rest = 0;
  if (starts_with_lower(href, "https://")) rest = 8;
  else if (starts_with_lower(href, "http://")) rest = 7;
  else if (href.starts_with("//")) rest = 2;
  else return false;
  const std::size_t slash = href.find('/', rest);
  return slash == std::string_view::npos || slash + 1 == href.size();
}

}  // namespace

bool links_home(std::string_view html, std::size_t p) noexcept {
  while (p < html.size() && is_html_space(html[p])) ++p;
  if (p + 2 >= html.size() || html[p] != '<' || ascii_lower(html[p + 1]) != 'a' || !is_html_space(html[p + 2]))
    return false;
  std::string_view href;
  bool home = false;  // rel="home": the link says where it leads (WordPress's themes write it)
  bool self_closing = false;
  const std::size_t after = scan_start_tag(
      html, p + 2,
      [&href, &home](std::string_view name, std::string_view value) {
        if (equals_lower(name, "href")) href = value;
        if (equals_lower(name, "rel") && holds_word(value, "home")) home = true;
      },
      self_closing);
  return after != std::string_view::npos && (home || is_home_href(href));
}

bool looks_like_url(std::string_view text) noexcept {
  return starts_with_lower(text, "http:") || starts_with_lower(text, "https:") ||
         starts_with_lower(text, "www.") || (!text.empty() && text.front() == '/');
}

MetadataCandidates scan_metadata_markup(std::string_view html, const MetadataLimits& limits) {
  MetadataCandidates c;
  const std::size_t n = html.size();
  const std::size_t field = limits.max_field_bytes;
  std::size_t json_ld_bytes = 0;
  std::array<char, 16> buf{};
  // Each element's text costs up to k_element_scan_bytes: a page of 20,000 nested bylines
  // must not cost 20,000 of them.
  std::size_t element_reads = 0;
  std::string last_date;  // the latest date element's value before the headline, and where its text starts
  std::size_t last_date_at = std::string_view::npos;
  std::size_t review_end = 0;  // the end of the review element the scan is in (0: none)
  std::size_t nav_end = 0;     // the end of the <nav> element the scan is in (0: none)
  // The end of a microdata author without a value of its own (a schema.org Person whose name
  // is a nested <meta itemprop=name content=...>), while its name is not yet read (0: none).
  std::size_t person_end = 0;
  const auto text_of = [&](std::size_t at, std::string_view element, std::size_t max_bytes) {
    if (element_reads >= k_max_element_reads) return std::string();
    ++element_reads;
    return element_text(html, at, element, max_bytes);
  };
  std::size_t p = 0;
  while (p < n) {
    const std::size_t lt = html.find('<', p);
    if (lt == std::string_view::npos || lt + 1 >= n) break;
    const std::size_t after_decl = skip_declaration(html, lt);
    if (after_decl != lt) {
      if (after_decl == std::string_view::npos) break;
      p = after_decl;
      continue;
    }
    if (html[lt + 1] == '/') {  // end tags carry nothing here
      p = lt + 2;
      continue;
    }
    std::size_t name_end = 0;
    const std::string_view name = tag_name(html, lt + 1, buf, name_end);
    if (name.empty()) {
      p = lt + 1;
      continue;
    }
    // The attributes this scan reads.
    std::string_view a_name, a_property, a_itemprop, a_content, a_rel, a_href, a_lang, a_xml_lang,
        a_class, a_id, a_type, a_datetime, a_author, a_itemtype;
    bool pubdate = false;
    bool self_closing = false;
    // The slot of each attribute read, by name (told apart by length first, as this runs on
    // every attribute of the page); null for the others.
    const auto slot_of = [&](std::string_view an) -> std::string_view* {
      const auto is = [an](std::string_view name) { return equals_lower(an, name); };
      switch (an.size()) {
        case 2: return is("id") ? &a_id : nullptr;
        case 3: return is("rel") ? &a_rel : nullptr;
        case 4: return is("name") ? &a_name : is("href") ? &a_href : is("lang") ? &a_lang
                       : is("type") ? &a_type : nullptr;
        case 5: return is("class") ? &a_class : nullptr;
        case 6: return is("author") ? &a_author : nullptr;
        case 7: return is("content") ? &a_content : nullptr;
        case 8: return is("property") ? &a_property : is("itemprop") ? &a_itemprop
                       : is("datetime") ? &a_datetime : is("itemtype") ? &a_itemtype
                       : is("xml:lang") ? &a_xml_lang : nullptr;
        case 11: return is("data-author") ? &a_author : nullptr;
        default: return nullptr;
      }
    };
    const std::size_t after = scan_start_tag(
        html, name_end,
        [&](std::string_view an, std::string_view av) {
          if (an.size() == 7 && equals_lower(an, "pubdate")) pubdate = true;
          // A repeated attribute is dropped, as HTML drops it: the first one counts.
          if (std::string_view* slot = slot_of(an); slot != nullptr && slot->data() == nullptr) *slot = av;
        },
        self_closing);
    if (after == std::string_view::npos) break;
    p = after;

    if (name == "script") {
      const std::size_t end = skip_raw_text(html, p, "script");
      if (contains_lower(a_type, "ld+json") && c.json_ld.size() < k_max_json_ld_scripts) {
        const std::size_t close = html.rfind("</", end == n ? n : end - 1);
        const std::size_t body_end = close != std::string_view::npos && close >= p ? close : end;
        const std::size_t size = body_end - p;
        if (json_ld_bytes + size <= limits.max_json_ld_bytes) {
          c.json_ld.emplace_back(html.substr(p, size));
          json_ld_bytes += size;
        }
      }
      p = end;
      continue;
    }
    if (name == "style" || name == "textarea" || name == "xmp" || name == "noscript") {
      if (name != "noscript") p = skip_raw_text(html, p, name);
      continue;
    }
    if (name == "title" && c.title_tag.empty()) {
      // Inside <svg>, <title> is a tooltip; those rarely come before the page's own.
      const std::size_t end = html.find("</", p);
      c.title_tag = clean_text(html.substr(p, (end == std::string_view::npos ? n : end) - p), field);
      continue;
    }
    // lang, else XHTML's xml:lang (which an HTML page's lang overrides).
    if (const std::string_view lang = !a_lang.empty() ? a_lang : a_xml_lang;
        name == "html" && c.html_lang.empty() && !lang.empty()) {
      c.html_lang = clean_text(lang, 64);
      continue;
    }
    if (name == "meta") {
      if (a_content.empty()) continue;
      if (!a_itemprop.empty() && lt < review_end) continue;  // a review's microdata (below)
      if (lt < person_end && holds_word(a_itemprop, "name")) {
        if (c.itemprop_authors.size() < k_max_bylines) c.itemprop_authors.push_back(clean_text(a_content, field));
        person_end = 0;
      }
      if (c.meta.size() >= k_max_meta) continue;
      const std::string_view key =
          !a_property.empty() ? a_property : !a_name.empty() ? a_name : a_itemprop;
      if (key.empty()) continue;
      std::string value = clean_text(a_content, field);
      if (!value.empty()) c.meta.emplace_back(lower_copy(clean_text(key, 64)), std::move(value));
      if (!a_itemprop.empty() && (!a_property.empty() || !a_name.empty()) && c.meta.size() < k_max_meta)
        c.meta.emplace_back(lower_copy(clean_text(a_itemprop, 64)), clean_text(a_content, field));
      continue;
    }
    if (name == "link") {
      if (c.canonical.empty() && holds_word(a_rel, "canonical") && !a_href.empty())
        c.canonical = clean_text(a_href, field);
      continue;
    }
    if (name == "base") {
      if (c.base_href.empty() && !a_href.empty()) c.base_href = clean_text(a_href, field);
      continue;
    }
    if (name == "h1" && c.h1.size() < k_max_h1) {
      std::string text = text_of(p, name, field);
      // A heading's permalink mark ("Title ¶", "Title #") is no part of it.
      for (const std::string_view mark : {"\u00B6", "#", "\U0001F517"}) {
        if (std::string_view(text).ends_with(mark)) text.resize(text.size() - mark.size());
      }
      while (!text.empty() && text.back() == ' ') text.pop_back();
      const bool home = !text.empty() && links_home(html, after);
      if (home && c.home_h1.empty()) c.home_h1 = text;
      // A heading for screen readers only ("Search", "Mobile menu") is not the headline.
      const bool hidden = holds_class(a_class, "sr-only") || holds_class(a_class, "visually-hidden") ||
                          holds_class(a_class, "screen-reader-text");
      if (!text.empty() && !home && !hidden && !c.headline_seen) {
        // What follows the headline: where a post's date sits when no markup names it.
        c.headline_seen = true;
        if (last_date_at != std::string_view::npos && lt - last_date_at <= k_date_before_headline_bytes)
          c.before_headline = last_date;
        c.labelled_before_headline = labelled_text_before(html, lt, text_of);
        const std::size_t close = find_end_tag(html, p, name);
        if (close != std::string_view::npos) c.after_headline = text_of(close, {}, k_after_headline_bytes);
      }
      if (!text.empty()) c.h1.push_back(std::move(text));
    }
    if (name == "h2" && c.h2.size() < k_max_h2 && !self_closing) {
      std::string text = text_of(p, name, field);
      if (!text.empty()) c.h2.push_back(std::move(text));
    }
    if (name == "time" && !a_datetime.empty() && c.times.size() < k_max_times) {
      c.times.push_back(clean_text(a_datetime, 64));
      if (pubdate && c.published_time.empty()) c.published_time = c.times.back();
    }
    const unsigned class_bits = marker_bits(a_class);
    const unsigned id_bits = marker_bits(a_id);
    if (!self_closing && c.date_texts.size() < k_max_times && a_itemprop.empty() &&
        (name == "time" || is_date_marker(class_bits) || is_date_marker(id_bits))) {
      std::string text = text_of(p, name, 200);
      // "Last modified on <time>…", "Updated: <span class=date>…": a modification date.
      const std::size_t before = lt >= 48 ? lt - 48 : 0;
      const std::string_view lead = html.substr(before, lt - before);
      if (contains_lower(lead, "modified") || contains_lower(lead, "updated")) {
        if (c.modified_time.empty()) c.modified_time = !a_datetime.empty() ? clean_text(a_datetime, 64) : text;
      } else if (!text.empty()) {
        if (!c.headline_seen) {  // the latest date element so far, for a date just above the headline
          last_date = !a_datetime.empty() ? clean_text(a_datetime, 64) : text;
          last_date_at = p;
        }
        // "Published <time>…", "<h3>Published</h3><p><time>…": the page says what the date is.
        if (c.published_time.empty() && (contains_lower(lead, "published") || contains_lower(lead, "posted")))
          c.published_time = !a_datetime.empty() ? clean_text(a_datetime, 64) : text;
        // A <time>'s datetime after its text, for the element whose text has no full date
        // ("Yesterday at 4:25 AM").
        if (!a_datetime.empty()) (text += k_tag_mark) += clean_text(a_datetime, 64);
        c.date_texts.push_back(std::move(text));
      }
    }
    // The first element outside the navigation that its class or id marks as a headline
    // (<h2 class="headline">, <div class="articleTitle">): where older pages set it without
    // an <h1> or a title of their own markup.
    if (c.marked_headline.empty() && !self_closing && lt >= nav_end &&
        ((class_bits | id_bits) & k_headline) != 0 && name != "body" && name != "html") {
      // A marked box whose content starts with a heading (<div class="posttitle"><h2>…</h2>
      // <p>October 25th, 2012 by …</p>): the heading, without the date and byline beside it.
      const std::size_t inner = html.find_first_not_of(" \t\r\n", p);
      if (!is_heading(name) && inner != std::string_view::npos && html[inner] == '<') {
        std::array<char, 16> inner_buf{};
        std::size_t inner_end = 0;
        const std::string_view heading = tag_name(html, inner + 1, inner_buf, inner_end);
        const std::size_t gt = html.find('>', inner_end);
        if (is_heading(heading) && gt != std::string_view::npos)
          c.marked_headline = text_of(gt + 1, heading, field);
      }
      if (c.marked_headline.empty()) c.marked_headline = text_of(p, name, field);
    }
    // An author named in an attribute (a forum post's data-author, a web component's author=).
    if (!a_author.empty() && name != "meta" && c.itemprop_authors.size() < k_max_bylines) {
      c.itemprop_authors.push_back(clean_text(a_author, field));
      if (c.attribute_author.empty()) c.attribute_author = c.itemprop_authors.back();
    }
    // A review's microdata (schema.org/Review, on a product's or a service's page) names the
    // reviewer and the review's date, not the page's author and date: skipped to its end.
    if (!self_closing && lt >= review_end && is_review_type(a_itemtype))
      review_end = find_closing_tag(html, p, name);
    // Microdata on any element: the value is content=, datetime=, else the element's text.
    if (!a_itemprop.empty() && lt >= review_end) {
      const auto value = [&] {
        if (!a_content.empty()) return clean_text(a_content, field);
        if (!a_datetime.empty()) return clean_text(a_datetime, 64);
        return self_closing ? std::string() : text_of(p, name, field);
      };
      if (holds_word(a_itemprop, "headline") && c.itemprop_headline.empty()) {
        c.itemprop_headline = value();
      } else if ((holds_word(a_itemprop, "datepublished") || holds_word(a_itemprop, "datecreated")) &&
                 c.published_time.empty()) {  // dateCreated: a question's, a forum post's
        c.published_time = value();
      } else if (holds_word(a_itemprop, "datemodified") && c.modified_time.empty()) {
        c.modified_time = value();
      } else if ((holds_word(a_itemprop, "author") || holds_word(a_itemprop, "creator")) &&
                 c.itemprop_authors.size() < k_max_bylines) {
        std::string v = value();
        if (!v.empty()) c.itemprop_authors.push_back(std::move(v));
        else if (!self_closing) person_end = find_closing_tag(html, p, name);
      } else if (lt < person_end && holds_word(a_itemprop, "name")) {
        std::string v = value();
        if (!v.empty() && c.itemprop_authors.size() < k_max_bylines) c.itemprop_authors.push_back(std::move(v));
        person_end = 0;
      }
    }
    // A site's navigation (<nav>) links to its authors' pages, never to the page's own author's.
    if (name == "nav" && !self_closing && lt >= nav_end) nav_end = find_closing_tag(html, p, name);
    // Bylines: class, id or rel naming the author (not in the navigation).
    if (c.bylines.size() < k_max_bylines && !self_closing && lt >= nav_end &&
        (is_byline_marker(class_bits) || is_byline_marker(id_bits) || holds_word(a_rel, "author") ||
         (name == "a" && is_author_link(a_href)))) {
      std::string text = text_of(p, name, field);
      if (!text.empty()) c.bylines.push_back(std::move(text));
    }
  }
  return c;
}

}  // namespace boilerdex::plugin::detail
