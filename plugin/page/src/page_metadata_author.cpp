// The author of read_page_metadata: JSON-LD, <meta>, microdata, byline elements, or a "By
// Name" below the headline, cleaned of prefixes, dates and roles.
#include <algorithm>
#include <array>
#include <initializer_list>

#include "markup_lexer_internal.hpp"
#include "page_metadata_internal.hpp"

namespace boilerdex::plugin {
namespace {

using detail::ascii_lower;
using detail::host_of;
using detail::lower;
using detail::marked_article;
using detail::meta_value;
using detail::month_of;
using detail::sells;
using detail::squeeze;
using detail::word_count;
using detail::JsonLdFacts;
using detail::MetadataCandidates;

// An author's name without its "By" prefix and trailing date or role; empty when what is
// left does not look like a name (a URL, digits, too many words).
// Words that end a name in a byline or a forum post's header: a weekday or a month (the date
// that follows), a role or a member's status ("Tech Reporter", "New member Joined Apr").
bool ends_a_name(std::string_view word) {
  static constexpr std::array<std::string_view, 28> k_words{
      "updated", "published", "posted", "writer", "reporter", "editor", "founder", "contributor",
      "member", "moderator", "joined", "messages", "posts", "senior", "ambassador", "admin",
      "coordinator", "manager", "director", "specialist", "strategist",
      "karma", "offline", "online", "expert", "lead", "correspondent", "columnist"};
  const std::string w = lower(word);
  static constexpr std::array<std::string_view, 7> k_weekdays{
      "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"};
  if (std::find(k_weekdays.begin(), k_weekdays.end(), w) != k_weekdays.end()) return true;  // a date's
  if (month_of(word) > 0 && (word.size() == 3 || word.size() >= 4)) {
    // "May" and "June" are names as well as months: only a month with no name before it
    // or after a name ends one; the caller only asks for words after the first.
    return true;
  }
  return std::find(k_words.begin(), k_words.end(), w) != k_words.end();
}

// Whether \p word (longer than four letters) qualifies a role that follows it: "Content Writer",
// "Marketing Coordinator", "Digital Editor".
bool is_a_qualifier(std::string_view word) {
  static constexpr std::array<std::string_view, 13> k_words{
      "content", "marketing", "edtech", "digital", "social", "media", "technical", "product", "junior",
      "managing", "contributing", "freelance", "staff"};
  const std::string w = lower(word);
  return std::find(k_words.begin(), k_words.end(), w) != k_words.end();
}

// Punctuation and symbols a byline's elements leave on either side of a name ("| Jane Doe",
// "Jane Doe \u2022").
constexpr std::string_view k_name_marks[] = {"-", "|", ":", ",", "/", ">", "\u2022", "\u00BB", "\u00B7",
                                             "\u2013", "\u2014"};

// \p byline: text of the page (cut at a role or a date), not a structured name (JSON-LD, <meta>).
std::string clean_author(std::string_view raw, bool byline = true) {
  std::string s(raw);
  // A tag written into the value ("AL ALEXANDER<BR>The Patriot Ledger"): the name ends there.
  if (const std::size_t lt = detail::find_written_tag(s); lt != std::string::npos) s.erase(lt);
  // A separator before the name, left by the element before it ("| Jane Doe", "\u2022 By Jane").
  for (bool cut = true; cut;) {
    cut = false;
    while (!s.empty() && s.front() == ' ') s.erase(0, 1);
    for (const std::string_view mark : k_name_marks) {
      if (s.starts_with(mark)) {
        s.erase(0, mark.size());
        cut = true;
      }
    }
  }
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
        // A role's qualifiers before it ("Tech Reporter", "AI Writer", "EdTech Content Writer",
        // "Content Marketing Coordinator") go with it while a name of two words or more is left.
        // (A short word, four letters or fewer, only right before the role; further back only
        // the qualifiers, so that a name's own short words, "van der", stay.)
        for (bool first = true; word_count(s) >= 3; first = false) {
          const std::size_t last = s.rfind(' ');
          const std::string_view word = std::string_view(s).substr(last + 1);
          if (!(first && word.size() <= 4) && !is_a_qualifier(word)) break;
          s.erase(last);
        }
        break;
      }
      at = s.find(' ', begin);
    }
  }
  // What is left after the name: punctuation and symbols ("Name -", "Name \u2022", "Name \u00BB").
  for (bool cut = true; cut;) {
    cut = false;
    while (!s.empty() && s.back() == ' ') s.pop_back();
    for (const std::string_view mark : k_name_marks) {
      if (std::string_view(s).ends_with(mark)) {
        s.resize(s.size() - mark.size());
        cut = true;
      }
    }
  }
  if (byline) {  // a first word that ends a name leaves none ("Updated January", "Dec.")
    std::size_t end = 0;
    while (end < s.size() && detail::is_ascii_alnum(s[end])) ++end;
    const std::string_view first = std::string_view(s).substr(0, end);
    // (A month followed by more words is a first name: "April Fulton", "May Lee".)
    const bool first_name = month_of(first) > 0 && s.find(' ', end) != std::string::npos;
    if (end > 0 && !first_name && ends_a_name(first)) return {};
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
  // A byline's label alone, in an element of its own before the name's ("By", "Von").
  for (const std::string_view label : {"by", "by:", "von", "par", "por", "written by", "posted by"}) {
    if (detail::equals_lower(s, label)) return {};
  }
  if (word_count(s) > 6 || s.size() > 80) return {};
  // A label or a placeholder that names no one: a feed's or a list's link under the byline
  // ("RSS", "Authors", "About us"), a CMS's default account ("admin"), a template's unset
  // value ("undefined").
  for (const std::string_view label :
       {"rss", "feed", "authors", "contributors", "about", "about us", "photo", "photos", "editorial",
        "guest", "admin", "administrator", "webmaster", "undefined", "null", "unknown"}) {
    if (detail::equals_lower(s, label)) return {};
  }
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
  // A phrase cut short ("Great On-page Seo For", "on Cooking Channel", "Mitt Romney's") is no
  // name either.
  const std::string_view last = std::string_view(s).substr(s.rfind(' ') == std::string::npos ? 0 : s.rfind(' ') + 1);
  for (const std::string_view word : {"for", "and", "the", "of", "to", "with"}) {
    if (word_count(s) > 1 && detail::equals_lower(last, word)) control = true;
  }
  const std::string_view first = std::string_view(s).substr(0, s.find(' '));
  for (const std::string_view word : {"on", "in", "at", "from", "for", "and", "of", "to", "with"}) {
    if (word_count(s) > 1 && first == word) control = true;  // lower-case: a name's "van", "de" stay
  }
  if (s.ends_with("'s") || s.ends_with("\u2019s")) control = true;
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

// A publisher's name: a company's legal form, a university or college, a team.
bool names_an_organisation(std::string_view name) {
  bool organisation = false;
  detail::for_each_markup_word(name, [&](std::string_view w) {
    for (const std::string_view word : {"inc", "llc", "ltd", "gmbh", "corp", "corporation", "university",
                                        "college", "team"}) {
      if (detail::equals_lower(w, word)) organisation = true;
    }
  });
  return organisation;
}

// Every <meta> value of \p key that is not a URL (nor, with \p people_only, a publisher's
// name), joined as the names of JSON-LD are (a paper's citation_author per co-author).
std::string meta_authors(const MetadataCandidates& c, std::string_view key, bool people_only) {
  std::vector<std::string> names;
  for (const auto& [k, v] : c.meta) {
    if (k == key && !detail::looks_like_url(v) && !(people_only && names_an_organisation(v))) names.push_back(v);
  }
  return join_authors(names);
}

// Whether \p author is the site itself: a one-word name that is the site's (og:site_name,
// application-name) or its host's (\p url's) is the organisation, not a byline. A person's
// name stays even when it is the site's (a personal blog, garymarcus.substack.com).
bool is_the_site(const std::string& author, const MetadataCandidates& c, std::string_view url) {
  if (word_count(author) > 1) return false;
  const std::string a = squeeze(author);
  const std::string_view site = meta_value(c, {"og:site_name", "application-name"});
  if (!site.empty() && squeeze(site) == a) return true;
  const std::string host = host_of(url);
  return !host.empty() && (squeeze(host).starts_with(a) || a == squeeze(host.substr(0, host.find('.'))));
}

// Whether a second element of the page gives \p name: another microdata author or byline
// element, or a "By Name" below the headline. On a page without a date (a service's or a
// guide's, marked as an article by its site's template), a name that one element gives is as
// often a related post's or a contact's as the page's author (docs/eval.md, "Metadata").
bool seconded(const std::string& name, const MetadataCandidates& c) {
  const std::string key = squeeze(name);
  std::size_t seen = squeeze(byline_below_headline(c.after_headline)) == key ? 1 : 0;
  for (const auto* list : {&c.itemprop_authors, &c.bylines}) {
    for (const auto& e : *list) {
      seen += squeeze(clean_author(e)) == key ? 1 : 0;
      if (seen >= 2) return true;
    }
  }
  return false;
}

// \p dated: the page has a date (PageMetadata::date); \p url: its URL.
std::string first_author(const MetadataCandidates& c, const JsonLdFacts& ld, bool article, bool dated,
                         std::string_view url) {
  // JSON-LD's author even when it is the site's name: the page's own data says so (a
  // company's blog signed by the company). (Not JSON-LD's publisher: a personal blog names
  // its author as publisher.)
  if (std::string a = join_authors(ld.authors); !a.empty()) return a;
  // Elsewhere a name that is the site's is passed over for the next source.
  const auto fits = [&](const std::string& a) { return !squeeze(a).empty() && !is_the_site(a, c, url); };
  // Without an article's markup (JSON-LD, og:type, a date), a name on the page is more often
  // a reviewer's, a testimonial's or a commenter's than the page's author. Except a <meta
  // name=author> naming a person or a shop rather than its publisher (a company, a
  // university, a web team): a name the page's own head gives.
  // Nor an author= attribute's on an element: forum software marks each post with its poster's
  // name so (the first is the thread's starter), and a page without a date that does is a thread
  // whose posts show only relative times.
  if (!article) {
    if (std::string a = meta_authors(c, "author", true); fits(a)) return a;
    std::string a = clean_author(c.attribute_author, false);
    return fits(a) ? a : std::string();
  }
  // A forum thread's starter, named as such under its title, before any poster's markup.
  if (std::string a = byline_below_headline(c.after_headline, 1, {"thread starter"}); fits(a)) return a;
  // <meta>: every value of the first key the page uses.
  for (const std::string_view key : {"author", "article:author", "dc.creator", "dcterms.creator", "parsely-author",
                                     "sailthru.author", "byl", "citation_author", "book:author"}) {
    if (std::string a = meta_authors(c, key, false); fits(a)) return a;
  }
  // Microdata and bylines: the first name only (later ones are comments' or reviews' authors);
  // on a page without a date, only a name that a second element gives too.
  for (const auto& a : c.itemprop_authors) {
    if (std::string name = clean_author(a); fits(name))
      return dated || seconded(name, c) ? name : std::string();
  }
  for (const auto& b : c.bylines) {
    if (std::string a = clean_author(b); fits(a))
      return dated || seconded(a, c) ? a : std::string();
  }
  // An old blog template's "Posted by Name at <date>" under the post, its one date element
  // that names someone.
  if (std::string a = clean_author(detail::posted_by(c)); fits(a)) return a;
  // Last, "By Name" in the text below the headline, only on a page with a date: on one without,
  // it is as often a quoted source's or a phrase's ("By: Angélica Amezcua, Flavia ..." on a
  // course's page).
  if (std::string a = dated ? byline_below_headline(c.after_headline) : std::string(); fits(a)) return a;
  return {};
}

}  // namespace

namespace detail {

// The author: first_author's, on a page that is not a list of posts.
std::string choose_author(const MetadataCandidates& c, const JsonLdFacts& ld, const PageMetadata& m) {
  // A page that shows three dates or more but has none of its own (the date's rules gave
  // none) lists posts, unless it is og:type article: its names are the posts' authors.
  if (m.date.empty() && c.date_texts.size() >= 3 && lower(meta_value(c, {"og:type"})) != "article") return {};
  // A section's index ("/news", "/blog") lists posts too, whatever its markup says.
  if (lists_a_section(m.url)) return {};
  const bool article = !sells(ld) && (marked_article(c, ld) || !m.date.empty() || !c.times.empty());
  return first_author(c, ld, article, !m.date.empty(), m.url);
}

}  // namespace detail
}  // namespace boilerdex::plugin
