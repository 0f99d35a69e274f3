// read_page_metadata: the candidates of the markup scan and of JSON-LD, each field chosen
// (the title in page_metadata_title.cpp, the author in page_metadata_author.cpp, the date in
// page_metadata_date.cpp; docs/extract.md lists the order), the other fields taken from the
// most specific source that has them, and the helpers those choices share.
#include "boilerdex/plugin/page_metadata.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>

#include "markup_lexer_internal.hpp"
#include "page_metadata_internal.hpp"
#include "url_resolve_internal.hpp"
#include "utf8_internal.hpp"

namespace boilerdex::plugin {
namespace detail {

// The first <meta> value whose key is one of \p keys (lower-case), in \p keys' order.
std::string_view meta_value(const MetadataCandidates& c, std::initializer_list<std::string_view> keys,
                            bool allow_url) {
  for (const std::string_view key : keys) {
    for (const auto& [k, v] : c.meta) {
      if (k == key && (allow_url || !detail::looks_like_url(v))) return v;
    }
  }
  return {};
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = ascii_lower(ch);
  return out;
}

// Lower-cased letters and digits only (punctuation and spaces dropped), for comparing titles.
std::string squeeze(std::string_view s) {
  std::string out;
  for (const char ch : s) {
    if (detail::is_ascii_alnum(ch) || static_cast<unsigned char>(ch) >= 0x80) out.push_back(ascii_lower(ch));
  }
  return out;
}

std::size_t word_count(std::string_view s) {
  std::size_t n = 0;
  bool in_word = false;
  for (const char ch : s) {
    const bool space = ch == ' ';
    if (!space && !in_word) ++n;
    in_word = !space;
  }
  return n;
}

// The host of \p url without "www." ("https://www.example.com/a" → "example.com").
std::string host_of(std::string_view url) {
  if (const std::size_t scheme = url.find("://"); scheme != std::string_view::npos) url.remove_prefix(scheme + 3);
  std::string host(url.substr(0, url.find('/')));
  if (host.starts_with("www.")) host.erase(0, 4);
  return host;
}

// Whether JSON-LD says the page sells or lists things (a product, a service, a listing):
// such a page has no author or publication date of its own, only its reviewers'.
bool sells(const JsonLdFacts& ld) {
  return ld.page_type == "product" || ld.page_type == "listing" || ld.page_type == "collection" ||
         ld.page_type == "service";
}

// Whether \p url's path ends in a section's name ("/news", "/blog/", "/events"): the section's
// index, which lists its posts; their dates and authors are not the page's.
bool lists_a_section(std::string_view url) {
  const std::size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return false;
  url.remove_prefix(scheme + 3);
  url = url.substr(0, url.find_first_of("?#"));
  const std::size_t path = url.find('/');
  if (path == std::string_view::npos) return false;
  url.remove_prefix(path);
  while (!url.empty() && url.back() == '/') url.remove_suffix(1);
  const std::string_view last = url.substr(url.rfind('/') + 1);
  for (const std::string_view section : {"news", "blog", "blogs", "events", "articles", "posts", "stories",
                                         "insights", "newsroom", "press", "updates"}) {
    if (equals_lower(last, section)) return true;
  }
  return false;
}

// Whether the page's markup says it is an article (JSON-LD, og:type).
bool marked_article(const MetadataCandidates& c, const JsonLdFacts& ld) {
  const std::string og_type = lower(meta_value(c, {"og:type"}));
  return ld.article || og_type == "article";
}

}  // namespace detail

namespace {

using detail::lower;
using detail::meta_value;
using detail::MetadataCandidates;
using detail::JsonLdFacts;

// Languages a page may name in words ("English", "Deutsch") where a tag belongs: the languages
// Xapian stems and Chinese, Japanese and Korean (whose search takes CJK n-grams), by English
// name and own name, to their ISO 639-1 codes.
constexpr std::array<std::pair<std::string_view, std::string_view>, 42> k_language_names{{
    {"arabic", "ar"},      {"armenian", "hy"},    {"basque", "eu"},      {"euskara", "eu"},
    {"catalan", "ca"},     {"català", "ca"},      {"chinese", "zh"},     {"danish", "da"},
    {"dansk", "da"},       {"dutch", "nl"},       {"nederlands", "nl"},  {"english", "en"},
    {"finnish", "fi"},     {"suomi", "fi"},       {"french", "fr"},      {"français", "fr"},
    {"german", "de"},      {"deutsch", "de"},     {"hungarian", "hu"},   {"magyar", "hu"},
    {"indonesian", "id"},  {"irish", "ga"},       {"italian", "it"},     {"italiano", "it"},
    {"japanese", "ja"},    {"korean", "ko"},      {"lithuanian", "lt"},  {"nepali", "ne"},
    {"norwegian", "no"},   {"norsk", "no"},       {"portuguese", "pt"},  {"português", "pt"},
    {"romanian", "ro"},    {"russian", "ru"},     {"spanish", "es"},     {"español", "es"},
    {"swedish", "sv"},     {"svenska", "sv"},     {"tamil", "ta"},       {"turkish", "tr"},
    {"türkçe", "tr"},      {"polish", "pl"}}};

// A BCP 47 tag in its usual case ("EN_us" → "en-US", "zh-hant-tw" → "zh-Hant-TW"; og:locale's
// '_' read as '-'), or a language's name as its tag ("English" → "en"); the first of a list
// ("en, fr"); empty when \p raw is neither (a language subtag of 2 or 3 letters, then subtags of
// 1 to 8 letters or digits, not ending with a one-character one).
std::string language_tag(std::string_view raw) {
  const auto is_letter = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); };
  raw = raw.substr(0, std::min({raw.size(), raw.find(','), raw.find(';'), std::size_t{35}}));
  while (!raw.empty() && detail::is_html_space(raw.back())) raw.remove_suffix(1);
  while (!raw.empty() && detail::is_html_space(raw.front())) raw.remove_prefix(1);
  const std::string name = lower(raw);
  for (const auto& [language, code] : k_language_names) {
    if (name == language) return std::string(code);
  }
  std::string out;
  std::size_t index = 0;
  for (std::size_t begin = 0; begin <= raw.size(); ++index) {
    std::size_t end = raw.find_first_of("-_", begin);
    if (end == std::string_view::npos) end = raw.size();
    const std::string_view part = raw.substr(begin, end - begin);
    const bool letters = std::all_of(part.begin(), part.end(), is_letter);
    if (part.empty() || part.size() > 8 ||
        !std::all_of(part.begin(), part.end(), [](char ch) { return detail::is_ascii_alnum(ch); }) ||
        (index == 0 && (!letters || part.size() < 2 || part.size() > 3)))
      return {};
    std::string subtag = lower(part);
    if (index > 0 && letters && part.size() == 4) {
      subtag[0] = static_cast<char>(subtag[0] - 'a' + 'A');  // a script: "Hant"
    } else if (index > 0 && (part.size() == 2 && letters)) {
      for (char& ch : subtag) ch = static_cast<char>(ch - 'a' + 'A');  // a region: "US"
    }
    if (index > 0) out += '-';
    out += subtag;
    if (end == raw.size() && part.size() == 1) return {};  // a singleton ends no tag ("utf-8")
    begin = end + 1;
  }
  return out;
}

// Whether \p item can be a keyword: at most 12 words (more is a sentence or a run of
// keywords without commas) and no markup.
bool reads_as_keyword(std::string_view item) {
  constexpr std::size_t k_max_keyword_words = 12;
  return detail::word_count(item) <= k_max_keyword_words && detail::find_written_tag(item) == std::string_view::npos;
}

// The comma-separated items of \p all into \p out, each once. Markup in an item starts text
// pasted into the keywords (a story, a script), not keywords: it and the items after it
// (pieces of its sentences) are left out; an item of more than 12 words alone is too.
void split_list(std::string_view all, std::vector<std::string>& out, const MetadataLimits& limits) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start < all.size() && out.size() + items.size() < limits.max_list_items) {
    std::size_t comma = all.find(',', start);
    if (comma == std::string_view::npos) comma = all.size();
    std::string k = detail::clean_text(all.substr(start, comma - start), limits.max_field_bytes);
    if (detail::find_written_tag(k) != std::string_view::npos) break;
    if (!k.empty() && reads_as_keyword(k) && std::find(out.begin(), out.end(), k) == out.end() &&
        std::find(items.begin(), items.end(), k) == items.end())
      items.push_back(std::move(k));
    start = comma + 1;
  }
  for (std::string& k : items) out.push_back(std::move(k));
}

// Whether \p value can be a URL reference: an absolute URL (a path's spaces are the page's
// to have), or a relative one without whitespace ("What are the different types of wine?" in
// a JSON-LD url is none).
bool is_url_reference(std::string_view value) noexcept {
  return detail::is_absolute_url(value) ||
         (!value.empty() && std::none_of(value.begin(), value.end(), [](char ch) {
           return detail::is_html_space(ch) || ch == '\v';
         }));
}

// Whether \p url is absolute with a host ("https://example.org/a", not "https:///a"): an
// address to resolve others against.
bool has_host(std::string_view url) noexcept {
  const std::size_t colon = url.find(':');
  const auto space = [](char ch) { return detail::is_html_space(ch); };
  return detail::is_absolute_url(url) && url.substr(colon + 1).starts_with("//") &&
         url.size() > colon + 3 && url[colon + 3] != '/' && std::none_of(url.begin(), url.end(), space);
}

// The page's address, to resolve its relative references against: the caller's \p page_url,
// else the first absolute one with a host of <link rel=canonical>, og:url, twitter:url and
// JSON-LD's url, then <base href> resolved against it (as structured_content.cpp's links);
// empty when neither gives one.
std::string page_base(const MetadataCandidates& c, const JsonLdFacts& ld, std::string_view page_url) {
  std::string base;
  for (const std::string_view candidate :
       {page_url, std::string_view(c.canonical), meta_value(c, {"og:url"}), meta_value(c, {"twitter:url"}),
        std::string_view(ld.url)}) {
    if (has_host(candidate)) {
      base = candidate;
      break;
    }
  }
  if (!c.base_href.empty()) base = detail::resolve_url(base, c.base_href);
  return has_host(base) ? base : std::string();
}

// The first of \p values that can be a URL reference, resolved against \p base (as written
// when the page gives no absolute address).
std::string first_url(std::string_view base, std::initializer_list<std::string_view> values) {
  for (const std::string_view v : values) {
    if (is_url_reference(v)) return detail::resolve_url(base, v);
  }
  return {};
}

// The site's name: the first of \p values that names one. A URL ("http://ibnlive.in.com/")
// names its host ("ibnlive.in.com"); a value without a letter or digit ("/") names none.
std::string site_name(std::initializer_list<std::string_view> values) {
  for (const std::string_view v : values) {
    if (has_host(v)) return detail::host_of(v);
    const auto names = [](char ch) { return detail::is_ascii_alnum(ch) || (ch & 0x80) != 0; };
    if (std::any_of(v.begin(), v.end(), names)) return std::string(v);
  }
  return {};
}

// \p value, which starts with a tag or holds an element (a description written as HTML,
// "<p>This week, we're ...</p>", escaped into the attribute), without its tags: a block's
// edge ("<p>", "<br>", "<li>") separates words, an inline tag ("<a href=…>", "<strong>") does
// not; spaces squeezed; an unclosed tag ends it ("<a href=", cut at its first quote, holds no
// text).
std::string without_tags(std::string_view value) {
  static constexpr std::string_view k_block_tags[] = {"p",  "br", "div", "li", "ul", "ol",
                                                      "h1", "h2", "h3",  "h4", "h5", "h6",
                                                      "tr", "td", "th",  "blockquote"};
  std::string out;
  bool space = false;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] == '<') {
      const std::size_t gt = value.find('>', i);
      if (gt == std::string_view::npos) break;
      std::size_t name = i + 1 + (i + 1 < gt && value[i + 1] == '/' ? 1 : 0);
      std::size_t name_end = name;
      while (name_end < gt && detail::is_ascii_alnum(value[name_end])) ++name_end;
      const std::string tag = lower(value.substr(name, name_end - name));
      space = space || std::find(std::begin(k_block_tags), std::end(k_block_tags), tag) !=
                           std::end(k_block_tags);
      i = gt;
      continue;
    }
    if (detail::is_html_space(value[i])) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += value[i];
  }
  return out;
}

// Whether \p value holds an element written as HTML: an end tag "</name>" after a start tag
// of that name ("An eco-masterpiece<em>, </em>icy intrigue"). A tag named as a word ("The
// <table> element", "Sajip <vinay at example dot com>") has no end tag and does not count.
// Looks at the first k_end_tags end tags only, so that it stays linear in \p value.
bool holds_element(std::string_view value) noexcept {
  constexpr int k_end_tags = 16;
  int seen = 0;
  for (std::size_t lt = value.find("</"); lt != std::string_view::npos && seen++ < k_end_tags;
       lt = value.find("</", lt + 2)) {
    std::size_t end = lt + 2;
    while (end < value.size() && detail::is_ascii_alnum(value[end])) ++end;
    if (end == lt + 2 || end >= value.size() || value[end] != '>') continue;
    const std::string_view name = value.substr(lt + 2, end - lt - 2);
    for (std::size_t open = value.find('<'); open < lt; open = value.find('<', open + 1)) {
      const std::size_t after = open + 1 + name.size();
      if (after < lt && value.substr(open + 1, name.size()) == name && (value[after] == '>' || value[after] == ' '))
        return true;
    }
  }
  return false;
}

// The first of \p values that holds text: one that starts with a tag or holds an element
// read without its tags (above); other values as they are, a '<' in them being text ("The
// <table> HTML element").
std::string first_text(std::initializer_list<std::string_view> values) {
  for (const std::string_view v : values) {
    const bool markup =
        (v.size() > 1 && v[0] == '<' && (detail::is_ascii_alnum(v[1]) || v[1] == '/')) || holds_element(v);
    if (std::string text = markup ? without_tags(v) : std::string(v); !text.empty()) return text;
  }
  return {};
}

// \p text with each run of white space one space, none at its ends ("you love,  we have"
// written so in a description's attribute).
void squeeze_spaces(std::string& text) {
  std::size_t out = 0;
  bool space = false;
  for (const char c : text) {
    if (detail::is_html_space(c)) {
      space = out > 0;
      continue;
    }
    if (space) text[out++] = ' ';
    space = false;
    text[out++] = c;
  }
  text.resize(out);
}

template <class... Views>
std::string first_of(Views... views) {
  for (const std::string_view v : {std::string_view(views)...}) {
    if (!v.empty()) return std::string(v);
  }
  return {};
}

// A field that still holds a character reference once read ("Obama&#8217;s", "&pound;15m":
// a CMS escaped it twice, "&amp;#8217;" in the source) is read once more, as the sites that
// show a page's metadata read it. A value without one is left as it is.
void read_references_again(std::string& field, const MetadataLimits& limits) {
  if (field.find('&') != std::string::npos) field = detail::clean_text(field, limits.max_field_bytes);
}

}  // namespace

bool PageMetadata::empty() const noexcept {
  return title.empty() && author.empty() && date.empty() && sitename.empty() &&
         description.empty() && language.empty() && url.empty() && image.empty() &&
         categories.empty() && tags.empty() && page_type.empty();
}

PageMetadata read_page_metadata(std::string_view utf8_html, const MetadataLimits& limits,
                                std::string_view page_url) {
  const std::string_view html = detail::truncate_utf8(utf8_html, limits.max_scan_bytes);
  const MetadataCandidates c = detail::scan_metadata_markup(html, limits);
  const JsonLdFacts ld = detail::read_json_ld(c.json_ld, limits);
  PageMetadata m;
  m.sitename = site_name({meta_value(c, {"og:site_name", "application-name", "twitter:app:name:iphone"}),
                          ld.publisher});
  const std::string base = page_base(c, ld, page_url);
  m.url = first_url(base, {c.canonical, meta_value(c, {"og:url", "twitter:url"}), ld.url});
  if (m.url.empty() && has_host(page_url)) m.url = detail::truncate_utf8(page_url, limits.max_field_bytes);
  m.title = detail::choose_title(c, ld, m.sitename, m.url);
  m.date = detail::choose_date(c, ld, m.url);
  m.author = detail::choose_author(c, ld, m);
  m.description = first_text({meta_value(c, {"description"}), meta_value(c, {"og:description"}),
                              meta_value(c, {"twitter:description"}), meta_value(c, {"dc.description"}),
                              ld.description});
  for (const std::string_view declared : {std::string_view(c.html_lang),
                                          meta_value(c, {"content-language", "language", "dc.language"}),
                                          std::string_view(ld.language), meta_value(c, {"og:locale"})}) {
    if (m.language = language_tag(declared); !m.language.empty()) break;  // the first that is a tag
  }
  m.image = first_url(base, {meta_value(c, {"og:image", "og:image:url", "og:image:secure_url",
                                             "twitter:image", "twitter:image:src", "image"}),
                             ld.image});
  for (const auto& [k, v] : c.meta) {
    if (k == "article:section" && m.categories.size() < limits.max_list_items &&
        std::find(m.categories.begin(), m.categories.end(), v) == m.categories.end())
      m.categories.push_back(v);
    if (k == "article:tag") split_list(v, m.tags, limits);
  }
  for (const auto& s : ld.sections) {
    if (m.categories.size() < limits.max_list_items &&
        std::find(m.categories.begin(), m.categories.end(), s) == m.categories.end())
      m.categories.push_back(s);
  }
  if (m.tags.empty()) {
    for (const auto& k : ld.keywords) {
      if (m.tags.size() < limits.max_list_items && reads_as_keyword(k) &&
          std::find(m.tags.begin(), m.tags.end(), k) == m.tags.end())
        m.tags.push_back(k);
    }
  }
  if (m.tags.empty()) split_list(meta_value(c, {"keywords", "news_keywords"}), m.tags, limits);
  m.page_type = ld.page_type;
  if (m.page_type.empty()) {
    const std::string og_type = lower(meta_value(c, {"og:type"}));
    if (og_type == "article" || og_type == "blog" || og_type == "news") m.page_type = "article";
    else if (og_type == "product" || og_type == "og:product" || og_type == "product.item") m.page_type = "product";
  }
  for (std::string* field : {&m.title, &m.author, &m.sitename, &m.description}) {
    read_references_again(*field, limits);
    squeeze_spaces(*field);
  }
  for (std::vector<std::string>* list : {&m.categories, &m.tags}) {
    for (std::string& item : *list) {
      read_references_again(item, limits);
      squeeze_spaces(item);
    }
  }
  return m;
}

const std::vector<std::string_view>& metadata_field_names() {
  static const std::vector<std::string_view> k_names{
      "title", "author", "date", "sitename", "description", "language",
      "url", "image", "categories", "tags", "page_type"};
  return k_names;
}

std::string metadata_field(const PageMetadata& m, std::string_view name) {
  const auto join = [](const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) {
      if (!out.empty()) out += '\n';
      out += item;
    }
    return out;
  };
  if (name == "title") return m.title;
  if (name == "author") return m.author;
  if (name == "date") return m.date;
  if (name == "sitename") return m.sitename;
  if (name == "description") return m.description;
  if (name == "language") return m.language;
  if (name == "url") return m.url;
  if (name == "image") return m.image;
  if (name == "categories") return join(m.categories);
  if (name == "tags") return join(m.tags);
  if (name == "page_type") return m.page_type;
  return {};
}

}  // namespace boilerdex::plugin
