// The date of read_page_metadata (published, else modified, as YYYY-MM-DD) and the date
// readers it uses: normalise_date, English month names, dates in URLs and text.
#include <algorithm>
#include <array>
#include <initializer_list>

#include "markup_lexer_internal.hpp"
#include "page_metadata_internal.hpp"

namespace boilerdex::plugin {
namespace {

using detail::lower;
using detail::marked_article;
using detail::meta_value;
using detail::month_of;
using detail::sells;
using detail::JsonLdFacts;
using detail::MetadataCandidates;

// The date in a URL path: /2024/03/05/ or /2024-03-05.
std::string date_in_url(std::string_view url) {
  for (std::size_t i = 0; i + 10 <= url.size(); ++i) {
    if (url[i] != '/') continue;
    const std::string_view rest = url.substr(i + 1);
    if (rest.size() >= 10 && (rest[4] == '/' || rest[4] == '-') && rest[7] == rest[4]) {
      std::string d = normalise_date(std::string(rest.substr(0, 4)) + "-" +
                                     std::string(rest.substr(5, 2)) + "-" + std::string(rest.substr(8, 2)));
      if (!d.empty()) return d;
    }
  }
  return {};
}

bool is_digit(char ch) noexcept { return ch >= '0' && ch <= '9'; }

int digits(std::string_view s, std::size_t at, std::size_t n) noexcept {
  if (at + n > s.size()) return -1;
  int v = 0;
  for (std::size_t k = at; k < at + n; ++k) {
    if (!is_digit(s[k])) return -1;
    v = v * 10 + (s[k] - '0');
  }
  return v;
}

std::string format_date(int y, int m, int d) {
  static constexpr std::array<int, 12> k_days{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1 || d > k_days[static_cast<std::size_t>(m - 1)])
    return {};
  if (m == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))) return {};
  char buf[11];
  buf[0] = static_cast<char>('0' + y / 1000);
  buf[1] = static_cast<char>('0' + y / 100 % 10);
  buf[2] = static_cast<char>('0' + y / 10 % 10);
  buf[3] = static_cast<char>('0' + y % 10);
  buf[4] = '-';
  buf[5] = static_cast<char>('0' + m / 10);
  buf[6] = static_cast<char>('0' + m % 10);
  buf[7] = '-';
  buf[8] = static_cast<char>('0' + d / 10);
  buf[9] = static_cast<char>('0' + d % 10);
  return std::string(buf, 10);
}

// "March 5, 2024", "5 March 2024", "Mar 5th 2024" anywhere in \p text.
std::string english_date(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size() && words.size() < 200) {
    while (i < text.size() && !detail::is_ascii_alnum(text[i])) ++i;
    const std::size_t b = i;
    while (i < text.size() && detail::is_ascii_alnum(text[i])) ++i;
    if (i > b) words.push_back(text.substr(b, i - b));
  }
  const auto day_of = [](std::string_view w) {
    std::size_t n = 0;
    while (n < w.size() && is_digit(w[n])) ++n;
    if (n == 0 || n > 2) return -1;
    const std::string_view suffix = w.substr(n);
    if (!suffix.empty() && suffix != "st" && suffix != "nd" && suffix != "rd" && suffix != "th") return -1;
    return digits(w, 0, n);
  };
  const auto year_of = [](std::string_view w) { return w.size() == 4 ? digits(w, 0, 4) : -1; };
  for (std::size_t k = 0; k + 2 < words.size(); ++k) {
    if (const int m = month_of(words[k]); m > 0) {  // March 5 2024
      const int d = day_of(words[k + 1]);
      const int y = year_of(words[k + 2]);
      if (d > 0 && y > 0) {
        if (std::string s = format_date(y, m, d); !s.empty()) return s;
      }
    }
    if (const int m = month_of(words[k + 1]); m > 0) {  // 5 March 2024, 2024 Mar 5 (a citation's)
      const int y = year_of(words[k + 2]);
      if (const int d = day_of(words[k]); d > 0 && y > 0) {
        if (std::string s = format_date(y, m, d); !s.empty()) return s;
      }
      if (const int d = day_of(words[k + 2]); d > 0 && year_of(words[k]) > 0) {
        if (std::string s = format_date(year_of(words[k]), m, d); !s.empty()) return s;
      }
    }
  }
  return {};
}

// The first date anywhere in \p text: YYYY-MM-DD (or with '/' or '.'), else normalise_date's
// English forms.
std::string find_date(std::string_view text) {
  for (std::size_t i = 0; i + 10 <= text.size(); ++i) {
    if (!is_digit(text[i]) || (i > 0 && is_digit(text[i - 1]))) continue;
    const char sep = text[i + 4];
    if ((sep == '-' || sep == '/' || sep == '.') && text[i + 7] == sep &&
        (i + 10 == text.size() || !is_digit(text[i + 10]))) {
      if (std::string d = format_date(digits(text, i, 4), digits(text, i + 5, 2), digits(text, i + 8, 2));
          !d.empty())
        return d;
    }
  }
  return normalise_date(text);
}

// The date a date element shows (MetadataCandidates::date_texts): in its text, else its
// datetime= value.
std::string element_date(std::string_view entry) {
  const std::size_t mark = entry.find(detail::k_tag_mark);
  if (std::string d = find_date(entry.substr(0, mark)); !d.empty() || mark == std::string_view::npos) return d;
  return normalise_date(entry.substr(mark + 1));
}

}  // namespace

namespace detail {

// The month an English month name (or its 3-letter abbreviation) at \p word names; 0 if none.
int month_of(std::string_view word) noexcept {
  static constexpr std::array<std::string_view, 12> k_months{
      "january", "february", "march", "april", "may", "june", "july", "august", "september",
      "october", "november", "december"};
  if (word.size() < 3) return 0;
  for (std::size_t m = 0; m < k_months.size(); ++m) {
    const std::string_view name = k_months[m];
    if (word.size() <= name.size() && detail::starts_with_lower(name, lower(word)) &&
        (word.size() == name.size() || word.size() == 3 || (word.size() == 4 && name == "september")))
      return static_cast<int>(m + 1);
  }
  return 0;
}

}  // namespace detail

namespace {

// Whether the page shows \p date where a post shows its own: a <time> or date element, or
// the text just above or below the headline.
bool shown(const MetadataCandidates& c, std::string_view date) {
  const auto same = [&](std::string_view text) { return find_date(text) == date; };
  return std::any_of(c.times.begin(), c.times.end(),
                     [&](const std::string& t) { return normalise_date(t) == date; }) ||
         std::any_of(c.date_texts.begin(), c.date_texts.end(),
                     [&](const std::string& t) { return element_date(t) == date; }) ||
         same(c.after_headline) || same(c.before_headline) || same(c.labelled_before_headline);
}

// The date: published (JSON-LD's article, <meta>, microdata, the URL, a date element's text),
// else, on a page marked as an article, a web page's publication or any modification date.
// \p named: the page names an author in its markup.
std::string published_or_modified(const MetadataCandidates& c, const JsonLdFacts& ld, std::string_view url,
                                  bool named) {
  for (const std::string_view v :
       {std::string_view(ld.date_published),
        meta_value(c, {"article:published_time", "og:published_time", "datepublished",
                       "published_time", "article:published", "publish-date", "publish_date", "published-date",
                       "publication_date", "pubdate", "date", "dc.date.issued", "dc.date",
                       "dcterms.date", "dcterms.issued", "dcterms.created", "sailthru.date",
                       "parsely-pub-date", "citation_publication_date", "citation_date"}),
        std::string_view(c.published_time)}) {
    if (std::string d = normalise_date(v); !d.empty()) return d;
  }
  // "Published October 14, 2025" in plain elements just above the headline.
  if (std::string d = find_date(c.labelled_before_headline); !d.empty()) return d;
  if (std::string d = date_in_url(url); !d.empty()) return d;
  // A date in the page's text (a <time>, an element classed "date") only on a page that
  // names an author or is marked as an article: elsewhere it is as often a release date, a
  // review's or an event's.
  if (named || marked_article(c, ld)) {
    for (const auto& text : c.date_texts) {
      if (std::string d = element_date(text); !d.empty()) return d;
    }
  }
  // Weaker evidence, only on a page marked as an article and naming an author: a web page
  // object's date, the first <time>, a modification date; each only where the page shows it
  // (a <time> always is). Not shown, it is as often a template's stamp on a service page
  // ("og:type article" on every page) as the post's date (docs/eval.md, "Metadata"); shown,
  // the date element that shows it has mostly given it above already.
  if (ld.article || (marked_article(c, ld) && named)) {
    std::vector<std::string_view> weaker{ld.page_date_published};
    for (const auto& t : c.times) weaker.push_back(t);
    for (const std::string_view v : weaker) {
      if (std::string d = normalise_date(v); !d.empty() && shown(c, d)) return d;
    }
    for (const std::string_view v :
         {std::string_view(ld.date_modified),
          meta_value(c, {"article:modified_time", "og:updated_time", "datemodified", "modified_time",
                         "dcterms.modified", "last-modified"}),
          std::string_view(c.modified_time)}) {
      if (std::string d = normalise_date(v); !d.empty() && shown(c, d)) return d;
    }
  }
  // Last, a date written just below the headline: where a post without date markup shows
  // it ("Nov 30, 2025", "by Amanda · Dec 20, 2025"); a full date with a year only.
  if (std::string d = find_date(c.after_headline); !d.empty()) return d;
  return find_date(c.before_headline);
}

// Whether \p url is a site's home page (no path, or "/"): it lists posts, it has no date of its own.
bool home_page(std::string_view url) {
  const std::size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return false;
  const std::size_t path = url.find_first_of("/?#", scheme + 3);
  return path == std::string_view::npos || url.substr(path) == "/";
}

}  // namespace

namespace detail {

std::string posted_by(const MetadataCandidates& c) {
  constexpr std::string_view k_lead = "posted by ";
  std::string name;
  std::size_t seen = 0;
  for (const std::string& entry : c.date_texts) {
    const std::string_view text = std::string_view(entry).substr(0, entry.find(k_tag_mark));
    if (!detail::starts_with_lower(text, k_lead)) continue;
    // The name ends at the first " at " or " on " with a full date after it.
    for (std::size_t at = k_lead.size(); at < text.size(); ++at) {
      const std::string_view rest = text.substr(at);
      if (!rest.starts_with(" at ") && !rest.starts_with(" on ")) continue;
      if (find_date(rest.substr(4)).empty()) continue;
      if (++seen > 1) return {};
      name = std::string(text.substr(k_lead.size(), at - k_lead.size()));
      break;
    }
  }
  return name;
}

// The date, unless the page is of a kind whose gold has none though its markup gives one
// (docs/eval.md, "Metadata"): a page that sells (JSON-LD, og:type product), documentation (its
// date is a build stamp) or a home page, either not of og:type article (a how-to post is both),
// or a JSON-LD article that names no author, is not og:type article and shows the date nowhere
// near its headline (a site's template marking every page an Article).
std::string choose_date(const MetadataCandidates& c, const JsonLdFacts& ld, std::string_view url) {
  const std::string og_type = lower(meta_value(c, {"og:type"}));
  const bool og_article = og_type == "article";
  if (sells(ld) || og_type == "product" || og_type == "og:product" || og_type == "product.item" ||
      (!og_article && (ld.page_type == "documentation" || home_page(url))) || detail::lists_a_section(url))
    return {};
  const bool named = !ld.authors.empty() || !c.bylines.empty() || !c.itemprop_authors.empty() ||
                     !meta_value(c, {"author", "article:author"}).empty() || !posted_by(c).empty();
  std::string d = published_or_modified(c, ld, url, named);
  if (!d.empty() && ld.article && !named && !og_article && !shown(c, d)) return {};
  return d;
}

}  // namespace detail

std::string normalise_date(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && (text[i] == ' ' || text[i] == '"')) ++i;
  const std::string_view s = text.substr(i);
  const int y = digits(s, 0, 4);
  if (y > 0) {
    if (s.size() >= 10 && (s[4] == '-' || s[4] == '/' || s[4] == '.') && s[7] == s[4])
      return format_date(y, digits(s, 5, 2), digits(s, 8, 2));
    if (s.size() >= 8 && digits(s, 0, 8) >= 0 && (s.size() == 8 || !is_digit(s[8])))
      return format_date(y, digits(s, 4, 2), digits(s, 6, 2));
  }
  return english_date(text.substr(0, std::min<std::size_t>(text.size(), 400)));
}

}  // namespace boilerdex::plugin
