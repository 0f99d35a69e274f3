// read_page_metadata: the candidates of the markup scan and of JSON-LD, each field taken
// from the most specific source that has it (docs/extract.md lists the order), then cleaned.
#include "boilerdex/plugin/page_metadata.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>

#include "markup_lexer_internal.hpp"
#include "page_metadata_internal.hpp"
#include "utf8_internal.hpp"

namespace boilerdex::plugin {
namespace {

using detail::ascii_lower;
using detail::MetadataCandidates;
using detail::JsonLdFacts;

// The first <meta> value whose key is one of \p keys (lower-case), in \p keys' order.
std::string_view meta_value(const MetadataCandidates& c, std::initializer_list<std::string_view> keys,
                            bool allow_url = true) {
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

// Separators between a title and a site name, the most specific first.
constexpr std::array<std::string_view, 11> k_title_separators{
    " | ", " - ", " \u2014 ", " \u2013 ", " :: ", " \u00B7 ", " \u2022 ", " \u00BB ", " / ", " // ", " : "};

std::string clean_title_once(std::string_view title, std::string_view sitename);

// Whether the squeezed h1 \p h is the headline some title candidate names: equal, or the
// candidate starts with it (adding a subtitle or site name), or holds it (a site name first).
bool h1_matches(const std::string& h, std::initializer_list<std::string_view> titles) {
  for (const std::string_view t : titles) {
    const std::string s = squeeze(t);
    if (s.empty()) continue;
    if (s == h) return true;
    if (s.starts_with(h) && h.size() * 2 >= s.size()) return true;
    if (h.starts_with(s) && s.size() * 3 >= h.size() * 2) return true;
    if (s.find(h) != std::string::npos && h.size() * 3 >= s.size()) return true;
  }
  return false;
}

// The host of \p url without "www." ("https://www.example.com/a" → "example.com").
std::string host_of(std::string_view url) {
  if (const std::size_t scheme = url.find("://"); scheme != std::string_view::npos) url.remove_prefix(scheme + 3);
  std::string host(url.substr(0, url.find('/')));
  if (host.starts_with("www.")) host.erase(0, 4);
  return host;
}

// The lower-cased words of \p s (runs of letters and digits), each once.
std::vector<std::string> word_set(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    const char ch = i < s.size() ? s[i] : ' ';
    if (detail::is_ascii_alnum(ch) || static_cast<unsigned char>(ch) >= 0x80) {
      w.push_back(ascii_lower(ch));
    } else if (!w.empty()) {
      if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
      w.clear();
    }
  }
  return out;
}

// Shared words over all words (Jaccard) of \p a and \p b; 0 when both are empty.
double word_overlap(std::string_view a, std::string_view b) {
  const std::vector<std::string> wa = word_set(a), wb = word_set(b);
  std::size_t shared = 0;
  for (const auto& w : wa) shared += std::find(wb.begin(), wb.end(), w) != wb.end() ? 1 : 0;
  const std::size_t all = wa.size() + wb.size() - shared;
  return all == 0 ? 0.0 : static_cast<double>(shared) / static_cast<double>(all);
}

// Whether the squeezed heading \p h names the site rather than the page: the site's name,
// its host's ("Bogleheads.org", "Arch Linux" on archlinux.org), or held in what cleaning cut
// from the <title> ("Playful Tones" of "Post - Part 1 | Playful Tones").
bool names_the_site(const std::string& h, const MetadataCandidates& c, std::string_view sitename,
                    std::string_view url, const std::string& title) {
  if (!sitename.empty() && squeeze(sitename) == h) return true;
  const std::string host = squeeze(host_of(url));
  if (!host.empty() && host.find(h) != std::string::npos) return true;
  const std::string raw = squeeze(c.title_tag);
  const std::size_t at = title.empty() ? std::string::npos : raw.find(title);
  if (at == std::string::npos) return false;
  const std::string cut = raw.substr(0, at) + "\n" + raw.substr(at + title.size());
  return cut.find(h) != std::string::npos;
}

// The title: the <title> (else og:title, JSON-LD headline, the first <h1>) cleaned of its
// site name; replaced by an <h1> that is the same headline without the title's additions,
// or by the page's one <h1> when it words the same subject differently (a fifth of its and
// the title's words shared) and does not name the site: the <title> is then a search
// engine's wording ("Using Machine Learning To Personalize Shopping Experiences" for the
// headline "How Machine Learning Personalizes Ecommerce Shopping Experiences").
std::string choose_title(const MetadataCandidates& c, const JsonLdFacts& ld, std::string_view sitename,
                         std::string_view url) {
  const std::string_view og = meta_value(c, {"og:title", "twitter:title", "dc.title", "title"});
  std::string_view base = !c.title_tag.empty() ? std::string_view(c.title_tag)
                          : !og.empty()        ? og
                                               : std::string_view(ld.headline);
  if (base.empty() && !c.h1.empty()) base = c.h1.front();
  // An <h1> that links home names the site (a blog's name above its posts): it is the part
  // of the title to drop when the page names no site otherwise, and never the headline.
  std::string title = clean_title(base, !sitename.empty() ? sitename : std::string_view(c.home_h1));
  const std::string t = squeeze(title);
  for (const auto& h1 : c.h1) {
    const std::string h = squeeze(h1);
    if (h.size() < 4 || (!c.home_h1.empty() && h1 == c.home_h1)) continue;
    if (!t.empty() && h.starts_with(t)) break;  // the h1 adds a subtitle to the title
    if (h1_matches(h, {title, c.title_tag, og, ld.headline})) return h1;
  }
  const std::string* only = nullptr;
  std::size_t headings = 0;
  for (const auto& h1 : c.h1) {
    if (squeeze(h1).size() < 4 || (!c.home_h1.empty() && h1 == c.home_h1)) continue;
    ++headings;
    only = &h1;
  }
  // (Not one that puts something before the whole title: "Dec 18 2025 Title", "Blog: Title".)
  const std::size_t holds = headings == 1 ? squeeze(*only).find(t) : 0;
  if (headings == 1 && squeeze(*only) != t && (t.empty() || holds == 0 || holds == std::string::npos) &&
      !names_the_site(squeeze(*only), c, sitename, url, t) && word_overlap(*only, title) >= 0.2)
    return *only;
  return title;
}

// An author's name without its "By" prefix and trailing date or role; empty when what is
// left does not look like a name (a URL, digits, too many words).
int month_of(std::string_view word) noexcept;

// Words that end a name in a byline or a forum post's header: a month (the date that
// follows), a role or a member's status ("Tech Reporter", "New member Joined Apr").
bool ends_a_name(std::string_view word) {
  static constexpr std::array<std::string_view, 29> k_words{
      "updated", "published", "posted", "writer", "reporter", "editor", "founder", "contributor",
      "member", "moderator", "joined", "messages", "posts", "senior", "ambassador", "admin",
      "coordinator", "manager", "director", "specialist", "strategist",
      "karma", "offline", "online", "staff", "expert", "lead", "correspondent", "columnist"};
  const std::string w = lower(word);
  if (month_of(word) > 0 && (word.size() == 3 || word.size() >= 4)) {
    // "May" and "June" are names as well as months: only a month with no name before it
    // or after a name ends one; the caller only asks for words after the first.
    return true;
  }
  return std::find(k_words.begin(), k_words.end(), w) != k_words.end();
}

// \p byline: text of the page (cut at a role or a date), not a structured name (JSON-LD, <meta>).
std::string clean_author(std::string_view raw, bool byline = true) {
  std::string s(raw);
  // "Text by X", "Articles by X", "Post by X": the name follows the first "by".
  if (const std::size_t by = lower(s).find("by "); by != std::string::npos && word_count(s.substr(0, by)) <= 2 &&
                                                   (by == 0 || s[by - 1] == ' '))
    s.erase(0, by + 3);
  for (const std::string_view prefix : {"author: ", "authors: ", "author ", "by: ", "von ", "par ", "por ", "& "}) {
    if (detail::starts_with_lower(s, prefix)) {
      s.erase(0, prefix.size());
      break;
    }
  }
  // An avatar's initial before the name ("L lulug30", "J Offline julian").
  if (s.size() > 2 && s[1] == ' ' && detail::is_ascii_alnum(s[0])) s.erase(0, 2);
  // Cut at what follows a name in a byline: a separator, a date, "on", "updated".
  for (const std::string_view stop : {" | ", " - ", " \u2013 ", " \u2014 ", " \u00B7 ", " \u2022 ", " \u00BB ",
                                      " on ", " On ", " Updated", " updated", " Published",
                                      " published", " Posted", "\u00A0", " ,", " (", " /"}) {
    const std::size_t at = s.find(stop);
    if (at != std::string::npos && at > 0) s.erase(at);
  }
  // A byline's date ("By A. Reporter, 4 February 2010") ends the name: a word that starts
  // with a digit (digits inside a user name, "user42", stay).
  for (std::size_t k = 1; k < s.size(); ++k) {
    if (s[k] >= '0' && s[k] <= '9' && s[k - 1] == ' ') {
      s.erase(k);
      break;
    }
  }
  if (byline) {  // cut before the first word (after the first) that ends a name
    std::size_t at = s.find(' ');
    while (at != std::string::npos) {
      const std::size_t begin = at + 1;
      std::size_t end = begin;
      while (end < s.size() && detail::is_ascii_alnum(s[end])) ++end;
      // (Not after a lone initial: "A. Reporter" is a name.)
      const bool initial = at == 2 && s[1] == '.';
      if (end > begin && !initial && ends_a_name(std::string_view(s).substr(begin, end - begin))) {
        s.erase(at);
        // A role's qualifier before it ("Tech Reporter", "AI Writer") goes with it when a
        // name of two words or more is left.
        const std::size_t last = s.rfind(' ');
        if (word_count(s) >= 3 && last != std::string::npos && s.size() - last - 1 <= 4) s.erase(last);
        break;
      }
      at = s.find(' ', begin);
    }
  }
  // What is left after the name: punctuation and symbols ("Name -", "Name \u2022", "Name \u00BB").
  for (bool cut = true; cut;) {
    cut = false;
    while (!s.empty() && s.back() == ' ') s.pop_back();
    for (const std::string_view mark : {"-", "|", ":", ",", "/", ">", "\u2022", "\u00BB", "\u00B7",
                                        "\u2013", "\u2014"}) {
      if (std::string_view(s).ends_with(mark)) {
        s.resize(s.size() - mark.size());
        cut = true;
      }
    }
  }
  if (byline) {  // a first word that ends a name leaves none ("Updated January", "Dec.")
    std::size_t end = 0;
    while (end < s.size() && detail::is_ascii_alnum(s[end])) ++end;
    if (end > 0 && ends_a_name(std::string_view(s).substr(0, end))) return {};
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == ',' || s.back() == ':' || s.back() == '|'))
    s.pop_back();
  while (!s.empty() && (s.front() == ' ' || s.front() == '@')) s.erase(0, 1);
  if (byline) {
    // A name written twice (a byline's link and its label: "Trevor Jackins Trevor Jackins is").
    for (std::size_t k = s.find(' '); k != std::string::npos; k = s.find(' ', k + 1)) {
      if (s.compare(k + 1, k, s, 0, k) == 0 && (s.size() == 2 * k + 1 || s[2 * k + 1] == ' ')) {
        s.erase(k);
        break;
      }
    }
    // The next avatar's initial after a one-word user name ("JosephF J").
    const std::size_t space = s.find(' ');
    if (space != std::string::npos && space + 2 == s.size() && detail::is_ascii_alnum(s.back())) s.erase(space);
  }
  if (s.empty() || detail::looks_like_url(s) || s.find('@') != std::string::npos) return {};
  if (s.front() >= '0' && s.front() <= '9') return {};
  if (word_count(s) > 6 || s.size() > 80) return {};
  // A URL slug ("jane-doe-2") or a control's label ("Follow the author") is no name.
  if (s.find('-') != std::string::npos && s.find(' ') == std::string::npos &&
      std::none_of(s.begin(), s.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; }))
    return {};
  bool control = false;
  detail::for_each_markup_word(s, [&](std::string_view w) {
    for (const std::string_view word : {"email", "follow", "comment", "comments", "subscribe",
                                        "share", "author", "view", "profile", "posts", "login",
                                        "reply", "home", "menu", "search"}) {
      if (detail::equals_lower(w, word)) control = true;
    }
  });
  // A phrase cut short ("Great On-page Seo For") is no name either.
  const std::string_view last = std::string_view(s).substr(s.rfind(' ') == std::string::npos ? 0 : s.rfind(' ') + 1);
  for (const std::string_view word : {"for", "and", "the", "of", "to", "with"}) {
    if (word_count(s) > 1 && detail::equals_lower(last, word)) control = true;
  }
  return control ? std::string() : s;
}

std::string join_authors(const std::vector<std::string>& names) {
  std::string out;
  std::vector<std::string> seen;
  for (const auto& n : names) {
    std::string a = clean_author(n, false);
    if (a.empty() || std::find(seen.begin(), seen.end(), lower(a)) != seen.end()) continue;
    seen.push_back(lower(a));
    if (!out.empty()) out += ", ";
    out += a;
  }
  return out;
}

// Whether JSON-LD says the page sells or lists things (a product, a service, a listing):
// such a page has no author or publication date of its own, only its reviewers'.
bool sells(const JsonLdFacts& ld) {
  return ld.page_type == "product" || ld.page_type == "listing" || ld.page_type == "collection" ||
         ld.page_type == "service";
}

// Whether the page's markup says it is an article (JSON-LD, og:type).
bool marked_article(const MetadataCandidates& c, const JsonLdFacts& ld) {
  const std::string og_type = lower(meta_value(c, {"og:type"}));
  return ld.article || og_type == "article";
}

// "By Name" (or "Written by Name", "by: Name") in the text just below the headline, where
// a post without byline markup names its author. The name starts with a capital (a
// lower-case word after "by" is prose: "made by hand") and ends with its element.
// \p leads (lower-case) are the words before the name: "by", or a forum's "thread starter";
// a name has at least \p min_words words ("Browse by Sector" names no one).
std::string byline_below_headline(std::string_view text, std::size_t min_words = 2,
                                  std::initializer_list<std::string_view> leads = {"by ", "by:"}) {
  const char mark[] = {detail::k_tag_mark, ':', ' ', '\0'};
  for (std::size_t at = 0; at + 4 < text.size(); ++at) {
    if (at > 0 && text[at - 1] != ' ') continue;
    const auto lead = std::find_if(leads.begin(), leads.end(), [&](std::string_view l) {
      return detail::starts_with_lower(text.substr(at), l);
    });
    if (lead == leads.end()) continue;
    const std::size_t name = text.find_first_not_of(mark, at + lead->size());
    if (name == std::string_view::npos) return {};
    if (detail::starts_with_lower(text.substr(name), *lead)) continue;  // a label written twice
    const unsigned char first = static_cast<unsigned char>(text[name]);
    if (!((first >= 'A' && first <= 'Z') || first >= 0x80)) continue;
    const std::size_t end = text.find(detail::k_tag_mark, name);
    const std::string_view raw = text.substr(name, std::min<std::size_t>(end - name, 100));
    std::string a = clean_author(raw);
    // A name's words are capitalised, most of them ("The Team, edited by Walter"); a
    // sentence's are not ("by MongoDB, we call these requests").
    std::size_t words = 0, capitals = 0;
    for (std::size_t w = 0; w < a.size(); w = a.find(' ', w) == std::string::npos ? a.size() : a.find(' ', w) + 1) {
      const unsigned char c = static_cast<unsigned char>(a[w]);
      ++words;
      capitals += (c >= 'A' && c <= 'Z') || c >= 0x80 ? 1 : 0;
    }
    if (!a.empty() && capitals * 2 >= words && words >= min_words) return a;
  }
  return {};
}

std::string first_author(const MetadataCandidates& c, const JsonLdFacts& ld, bool article) {
  if (std::string a = join_authors(ld.authors); !a.empty()) return a;
  // Without an article's markup (JSON-LD, og:type, a date), a name on the page is more often
  // a reviewer's, a testimonial's or a commenter's than the page's author.
  if (!article) return {};
  // A forum thread's starter, named as such under its title, before any poster's markup.
  if (std::string a = byline_below_headline(c.after_headline, 1, {"thread starter"}); !a.empty()) return a;
  // <meta>: every value of the first key the page uses (a paper's citation_author per
  // co-author), joined as the names of JSON-LD are.
  for (const std::string_view key : {"author", "article:author", "dc.creator", "dcterms.creator", "parsely-author",
                                     "sailthru.author", "byl", "citation_author", "book:author"}) {
    std::vector<std::string> names;
    for (const auto& [k, v] : c.meta) {
      if (k == key && !detail::looks_like_url(v)) names.push_back(v);
    }
    if (std::string a = join_authors(names); !a.empty()) return a;
  }
  // Microdata and bylines: the first name only (later ones are comments' or reviews' authors).
  for (const auto& a : c.itemprop_authors) {
    if (std::string name = clean_author(a); !name.empty()) return name;
  }
  for (const auto& b : c.bylines) {
    if (std::string a = clean_author(b); !a.empty()) return a;
  }
  return byline_below_headline(c.after_headline);
}

// The author, unless it is the site itself (its name or host name).
std::string choose_author(const MetadataCandidates& c, const JsonLdFacts& ld, const PageMetadata& m) {
  const bool article = !sells(ld) && (marked_article(c, ld) || !m.date.empty() || !c.times.empty());
  std::string author = first_author(c, ld, article);
  const std::string a = squeeze(author);
  if (a.empty()) return {};
  const std::string host = host_of(m.url);
  // A person's name stays even when it is the site's (a personal blog, garymarcus.substack.com);
  // a one-word name that is the site's or its host's is the organisation, not a byline.
  // (Not JSON-LD's publisher: a personal blog names its author as publisher.)
  if (word_count(author) > 1) return author;
  const std::string_view site = meta_value(c, {"og:site_name", "application-name"});
  if (!site.empty() && squeeze(site) == a) return {};
  if (!host.empty() && (squeeze(host).starts_with(a) || a == squeeze(host.substr(0, host.find('.')))))
    return {};
  return author;
}

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

std::string find_date(std::string_view text);

// The date: published (JSON-LD's article, <meta>, microdata, the URL, a date element's text),
// else, on a page marked as an article, a web page's publication or any modification date.
std::string choose_date(const MetadataCandidates& c, const JsonLdFacts& ld, std::string_view url) {
  if (sells(ld)) return {};
  for (const std::string_view v :
       {std::string_view(ld.date_published),
        meta_value(c, {"article:published_time", "og:published_time", "datepublished",
                       "published_time", "article:published", "publish-date", "publish_date",
                       "publication_date", "pubdate", "date", "dc.date.issued", "dc.date",
                       "dcterms.date", "dcterms.issued", "dcterms.created", "sailthru.date",
                       "parsely-pub-date", "citation_publication_date", "citation_date"}),
        std::string_view(c.published_time)}) {
    if (std::string d = normalise_date(v); !d.empty()) return d;
  }
  if (std::string d = date_in_url(url); !d.empty()) return d;
  const bool named = !ld.authors.empty() || !c.bylines.empty() || !c.itemprop_authors.empty() ||
                     !meta_value(c, {"author", "article:author"}).empty();
  // A date in the page's text (a <time>, an element classed "date") only on a page that
  // names an author or is marked as an article: elsewhere it is as often a release date, a
  // review's or an event's.
  if (named || marked_article(c, ld)) {
    for (const auto& text : c.date_texts) {
      if (std::string d = find_date(text); !d.empty()) return d;
    }
  }
  // Weaker evidence, only on a page marked as an article and naming an author: a web page
  // object's date, the first <time>, a modification date.
  if (ld.article || (marked_article(c, ld) && named)) {
    std::vector<std::string_view> weaker{ld.page_date_published};
    for (const auto& t : c.times) weaker.push_back(t);
    for (const std::string_view v : weaker) {
      if (std::string d = normalise_date(v); !d.empty()) return d;
    }
    for (const std::string_view v :
         {std::string_view(ld.date_modified),
          meta_value(c, {"article:modified_time", "og:updated_time", "datemodified", "modified_time",
                         "dcterms.modified", "last-modified"}),
          std::string_view(c.modified_time)}) {
      if (std::string d = normalise_date(v); !d.empty()) return d;
    }
  }
  // Last, a date written just below the headline: where a post without date markup shows
  // it ("Nov 30, 2025", "by Amanda · Dec 20, 2025"); a full date with a year only.
  if (std::string d = find_date(c.after_headline); !d.empty()) return d;
  return find_date(c.before_headline);
}

// og:locale "en_US" → "en-US".
std::string language_tag(std::string_view raw) {
  std::string s(raw.substr(0, std::min<std::size_t>(raw.size(), 35)));
  std::replace(s.begin(), s.end(), '_', '-');
  const bool ok = !s.empty() && std::all_of(s.begin(), s.end(), [](char ch) {
    return detail::is_ascii_alnum(ch) || ch == '-';
  });
  return ok ? s : std::string();
}

void split_list(std::string_view all, std::vector<std::string>& out, const MetadataLimits& limits) {
  std::size_t start = 0;
  while (start < all.size() && out.size() < limits.max_list_items) {
    std::size_t comma = all.find(',', start);
    if (comma == std::string_view::npos) comma = all.size();
    std::string k = detail::clean_text(all.substr(start, comma - start), limits.max_field_bytes);
    if (!k.empty() && std::find(out.begin(), out.end(), k) == out.end()) out.push_back(std::move(k));
    start = comma + 1;
  }
}

template <class... Views>
std::string first_of(Views... views) {
  for (const std::string_view v : {std::string_view(views)...}) {
    if (!v.empty()) return std::string(v);
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
    if (const int m = month_of(words[k + 1]); m > 0) {  // 5 March 2024
      const int d = day_of(words[k]);
      const int y = year_of(words[k + 2]);
      if (d > 0 && y > 0) {
        if (std::string s = format_date(y, m, d); !s.empty()) return s;
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

}  // namespace

bool PageMetadata::empty() const noexcept {
  return title.empty() && author.empty() && date.empty() && sitename.empty() &&
         description.empty() && language.empty() && url.empty() && image.empty() &&
         categories.empty() && tags.empty() && page_type.empty();
}

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

std::string clean_title(std::string_view title, std::string_view sitename) {
  std::string out(title);
  for (int round = 0; round < 3; ++round) {  // "Post / Board / Forum": one suffix at a time
    std::string shorter = clean_title_once(out, sitename);
    if (shorter.size() == out.size()) break;
    out = std::move(shorter);
  }
  return out;
}

namespace {
std::string clean_title_once(std::string_view title, std::string_view sitename) {
  const std::string site = squeeze(sitename);
  // The site's name first: "Site: Headline", "Site | Headline".
  if (!sitename.empty() && detail::starts_with_lower(title, lower(sitename))) {
    std::string_view rest = title.substr(sitename.size());
    const std::size_t lead = rest.find_first_not_of(' ');
    if (lead != std::string_view::npos && std::string_view(":|-/\u00B7\u2022\u00BB\u2013\u2014").find(rest[lead]) != std::string_view::npos) {
      rest = rest.substr(lead);
      while (!rest.empty() && (rest.front() == ' ' || std::string_view(":|-/").find(rest.front()) != std::string_view::npos ||
                               static_cast<unsigned char>(rest.front()) >= 0x80))
        rest.remove_prefix(1);
      if (!rest.empty()) return std::string(rest);
    }
  }
  for (const std::string_view sep : k_title_separators) {
    const std::size_t last = title.rfind(sep);
    if (last == std::string_view::npos) continue;
    const std::string_view head = title.substr(0, last);
    const std::string_view tail = title.substr(last + sep.size());
    if (!site.empty() && squeeze(tail) == site) return std::string(head);
    const std::size_t first = title.find(sep);
    if (!site.empty() && squeeze(title.substr(0, first)) == site) return std::string(title.substr(first + sep.size()));
    if (sep == " : ") continue;  // a colon splits titles as often as it adds a site
    // A short tail is the site's name: after " | " whatever its length against the
    // headline's, after other separators only when the headline is the longer part.
    if (word_count(tail) <= 6 && !head.empty() && (sep == " | " || head.size() >= tail.size()))
      return std::string(head);
  }
  return std::string(title);
}
}  // namespace

PageMetadata read_page_metadata(std::string_view utf8_html, const MetadataLimits& limits) {
  const std::string_view html = detail::truncate_utf8(utf8_html, limits.max_scan_bytes);
  const MetadataCandidates c = detail::scan_metadata_markup(html, limits);
  const JsonLdFacts ld = detail::read_json_ld(c.json_ld, limits);
  PageMetadata m;
  m.sitename = first_of(meta_value(c, {"og:site_name", "application-name", "twitter:app:name:iphone"}),
                        ld.publisher);
  m.url = first_of(c.canonical, meta_value(c, {"og:url", "twitter:url"}), ld.url);
  m.title = choose_title(c, ld, m.sitename, m.url);
  m.date = choose_date(c, ld, m.url);
  m.author = choose_author(c, ld, m);
  m.description = first_of(meta_value(c, {"description", "og:description", "twitter:description",
                                          "dc.description"}),
                           ld.description);
  m.language = language_tag(first_of(c.html_lang, meta_value(c, {"content-language", "language", "dc.language"}),
                                     ld.language, meta_value(c, {"og:locale"})));
  m.image = first_of(meta_value(c, {"og:image", "og:image:url", "og:image:secure_url",
                                    "twitter:image", "twitter:image:src", "image"}),
                     ld.image);
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
      if (m.tags.size() < limits.max_list_items && std::find(m.tags.begin(), m.tags.end(), k) == m.tags.end())
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
