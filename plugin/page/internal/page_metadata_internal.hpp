#pragma once
// The pieces of read_page_metadata (page_metadata.hpp), private to plugin: the lexical scan
// of the page gathers every candidate value (page_metadata_scan.cpp), JSON-LD is read into
// the same candidates (page_metadata_jsonld.cpp), and each field is chosen and cleaned from
// them: the title in page_metadata_title.cpp, the author in page_metadata_author.cpp, the
// date in page_metadata_date.cpp, the rest in page_metadata.cpp. Nothing here throws but
// std::bad_alloc.

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boilerdex/plugin/page_metadata.hpp"

namespace boilerdex::plugin::detail {

/// Stands for a tag in MetadataCandidates::after_headline (a control character no page text has).
inline constexpr char k_tag_mark = '\x1F';

/// Separators between a title's parts (a headline and a site name), the most specific first:
/// where clean_title cuts a <title> and where the title ranker splits one into candidates.
inline constexpr std::array<std::string_view, 11> k_title_separators{
    " | ", " - ", " \u2014 ", " \u2013 ", " :: ", " \u00B7 ", " \u2022 ", " \u00BB ", " / ", " // ", " : "};

/// What JSON-LD says, the first value of each kind (an Article-like object's before others').
struct JsonLdFacts {
  std::string headline;
  std::string name;  ///< the main object's name (Product, WebPage, ...)
  std::vector<std::string> authors;
  std::string date_published;  ///< an Article-like object's (or a forum post's, a product's)
  std::string date_modified;
  std::string page_date_published;  ///< another object's (WebPage): weaker evidence
  std::string publisher;  ///< publisher's or WebSite's name
  std::string description;
  std::string url;
  std::string image;
  std::string language;
  std::vector<std::string> sections;
  std::vector<std::string> keywords;
  std::string page_type;  ///< from @type, mapped to a PageMetadata::page_type value
  bool article = false;   ///< an Article-like object (or forum post, product) was seen
};

/// Every value the lexical scan saw, in page order, bounded in count.
struct MetadataCandidates {
  std::string title_tag;        ///< the first <title>'s text, wherever it sits
  std::vector<std::string> h1;  ///< the first few <h1> texts
  std::vector<std::string> h2;  ///< the first two <h2> texts
  std::string itemprop_headline;  ///< the first microdata itemprop=headline value
  /// The text of the first element outside <nav> whose class or id marks it as a headline
  /// ("headline", "entry-title", "articleTitle"; not "subheadline" or "headlines").
  std::string marked_headline;
  /// The text of the first <h1> whose content is one link to the site's home page ("/",
  /// "index.html", a URL with no path): a blog's or a site's name, not the page's headline.
  std::string home_h1;
  /// The first ~300 bytes of text after the first <h1> that is not home_h1, k_tag_mark where
  /// a tag was: a post's date and byline sit there ("By Amanda · Dec 20, 2025") on pages
  /// whose markup names neither.
  std::string after_headline;
  bool headline_seen = false;  ///< the scan has passed that <h1>
  /// A date element's value (datetime=, else its text) that starts at most ~600 bytes of
  /// markup before that <h1>: a post's date set above its headline.
  std::string before_headline;
  /// The text after a "Published" or "Posted" written in the ~300 bytes of markup before that
  /// <h1> (a label and its date in plain elements: "Published ␟ October 14, 2025 ␟ in").
  std::string labelled_before_headline;
  /// <meta> values: (lower-cased name, property or itemprop, content), in page order.
  std::vector<std::pair<std::string, std::string>> meta;
  std::string canonical;  ///< <link rel=canonical href>
  std::string base_href;  ///< the first <base href>
  std::string html_lang;  ///< <html lang> (or xml:lang)
  std::vector<std::string> times;    ///< <time datetime> values
  std::string published_time;        ///< <time> or other element marked itemprop=datePublished / pubdate
  std::string modified_time;         ///< itemprop=dateModified
  std::vector<std::string> itemprop_authors;  ///< microdata author text or content, and author= values
  /// The first author named in an element's author= or data-author= attribute (not <meta>'s):
  /// a forum post's poster, a web component's (also in itemprop_authors, in page order).
  std::string attribute_author;
  std::vector<std::string> bylines;   ///< text of author/byline elements (class, id, rel)
  /// Text of <time> and date elements (class, id); a datetime= value follows k_tag_mark.
  std::vector<std::string> date_texts;
  std::vector<std::string> json_ld;   ///< bodies of <script type=application/ld+json>
};

/// Whether the element content starting at \p p of \p html (after a start tag) begins with a
/// link to the site's home page ("/", "index.html", a URL without a path). Never throws.
[[nodiscard]] bool links_home(std::string_view html, std::size_t p) noexcept;

/// Scans \p html (already cut to the scan limit) for the candidates. O(bytes).
[[nodiscard]] MetadataCandidates scan_metadata_markup(std::string_view html,
                                                      const MetadataLimits& limits);

/// Reads every JSON-LD body of \p scripts (within limits.max_json_ld_bytes in all); a body
/// that is malformed or nested deeper than limits.max_json_depth is skipped.
[[nodiscard]] JsonLdFacts read_json_ld(const std::vector<std::string>& scripts,
                                       const MetadataLimits& limits);

/// \p raw with character references decoded and whitespace runs collapsed to one space,
/// trimmed; appended to \p out up to \p max_bytes (cut at a UTF-8 boundary).
void append_clean_text(std::string& out, std::string_view raw, std::size_t max_bytes);

/// append_clean_text into a new string.
[[nodiscard]] std::string clean_text(std::string_view raw, std::size_t max_bytes);

/// Whether \p text looks like a URL or a path rather than a name ("http…", "/author/x").
[[nodiscard]] bool looks_like_url(std::string_view text) noexcept;

/// The first <meta> value whose key is one of \p keys (lower-case), in \p keys' order; with
/// \p allow_url false, not one that looks like a URL.
[[nodiscard]] std::string_view meta_value(const MetadataCandidates& c, std::initializer_list<std::string_view> keys,
                                          bool allow_url = true);

/// \p s with ASCII letters lower-cased.
[[nodiscard]] std::string lower(std::string_view s);

/// Lower-cased letters and digits only (punctuation and spaces dropped), for comparing titles
/// and names.
[[nodiscard]] std::string squeeze(std::string_view s);

/// The number of words (runs without a space) of \p s.
[[nodiscard]] std::size_t word_count(std::string_view s);

/// The host of \p url without "www." ("https://www.example.com/a" → "example.com").
[[nodiscard]] std::string host_of(std::string_view url);

/// Whether \p url's path ends in a section's name ("/news", "/blog/"): the section's index.
[[nodiscard]] bool lists_a_section(std::string_view url);

/// Whether JSON-LD says the page sells or lists things (a product, a service, a listing).
[[nodiscard]] bool sells(const JsonLdFacts& ld);

/// Whether the page's markup says it is an article (JSON-LD, og:type).
[[nodiscard]] bool marked_article(const MetadataCandidates& c, const JsonLdFacts& ld);

/// The month an English month name (or its 3-letter abbreviation) \p word names; 0 if none.
[[nodiscard]] int month_of(std::string_view word) noexcept;

/// Shared words over all words (Jaccard) of \p a and \p b, words compared lower-cased; 0 when
/// both are empty.
[[nodiscard]] double word_overlap(std::string_view a, std::string_view b);

/// The lower-cased words of \p s (runs of ASCII letters and digits, and of other bytes), each once.
[[nodiscard]] std::vector<std::string> word_set(std::string_view s);

/// word_overlap of two word_sets.
[[nodiscard]] double word_overlap(const std::vector<std::string>& a, const std::vector<std::string>& b);

/// Whether the squeezed heading \p h names the site rather than the page: the site's name,
/// its host's ("Bogleheads.org", "Arch Linux" on archlinux.org), or held in what cleaning cut
/// from the <title> (squeezed \p title is the cleaned one: "Playful Tones" of "Post - Part 1 |
/// Playful Tones").
[[nodiscard]] bool names_the_site(const std::string& h, const MetadataCandidates& c, std::string_view sitename,
                                  std::string_view url, const std::string& title);

/// The title by hand rules (page_metadata_title.cpp): the <title> cleaned of its site name,
/// or the page's <h1> when that is the headline. \p sitename and \p url are the page's fields.
[[nodiscard]] std::string title_by_rules(const MetadataCandidates& c, const JsonLdFacts& ld,
                                         std::string_view sitename, std::string_view url);

/// How many features title_candidates gives each candidate.
inline constexpr std::size_t k_title_features = 44;

/// A candidate title and what the title ranker knows of it.
struct TitleCandidate {
  std::string text;
  std::array<double, k_title_features> features{};
};

/// Every candidate title of the page (page_metadata_title_ranker.cpp), each text once (the
/// first spelling of texts equal but for case): title_by_rules' choice, the <title> cleaned,
/// whole and its sides, og:title, twitter:title, JSON-LD headline and name, the <h1>s, the
/// first <h2>, microdata headline; with its features, named by title_feature_names().
[[nodiscard]] std::vector<TitleCandidate> title_candidates(const MetadataCandidates& c, const JsonLdFacts& ld,
                                                           std::string_view sitename, std::string_view url);

/// The names of TitleCandidate::features, in order (the training rows' header).
[[nodiscard]] const std::array<std::string_view, k_title_features>& title_feature_names() noexcept;

/// The title ranker's weights (page_metadata_title_model.cpp, written by
/// plugin/scripts/train_title_model.py), one per feature, and the names it was trained with.
[[nodiscard]] const std::array<double, k_title_features>& title_model_weights() noexcept;
[[nodiscard]] const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept;

/// The title field: the candidate of title_candidates that the ranker scores highest
/// (the first of equal scores).
[[nodiscard]] std::string choose_title(const MetadataCandidates& c, const JsonLdFacts& ld,
                                       std::string_view sitename, std::string_view url);

/// The name in the page's one "Posted by NAME at DATE" (or "on DATE") that a date element
/// shows, DATE a full date: an old blog template's footer (Movable Type's "Posted by David at
/// December 16, 2025 11:15 AM"), which names the post's author in no other markup; "" when no
/// date element reads so, or more than one does (a list of posts). Uncleaned.
[[nodiscard]] std::string posted_by(const MetadataCandidates& c);

/// The date field (page_metadata_date.cpp): published, else modified, as YYYY-MM-DD; empty
/// where the evidence is weak (a page that sells, a date in text of a page not an article).
[[nodiscard]] std::string choose_date(const MetadataCandidates& c, const JsonLdFacts& ld, std::string_view url);

/// The author field (page_metadata_author.cpp), given the fields chosen before it (url, date).
[[nodiscard]] std::string choose_author(const MetadataCandidates& c, const JsonLdFacts& ld, const PageMetadata& m);

}  // namespace boilerdex::plugin::detail
