#pragma once
/// \file
/// A page's metadata (title, author, date, site name, description, language, canonical URL,
/// image, categories, tags, page type) read from the markup sites publish it in: <meta>
/// (name, property, itemprop), OpenGraph, Twitter cards, JSON-LD (@graph and arrays
/// included), microdata, <time datetime>, author bylines, <link rel=canonical>, <html lang>,
/// <title> and the page's <h1>. A lexical scan of the decoded page (no parse), so it works
/// on any input, costs about one pass over the bytes, and never touches the blocks: reading
/// metadata changes no extractor's decision. Where each field comes from: docs/extract.md.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace boilerdex::plugin {

/// What read_page_metadata found; an empty string or list means "not found". Every string is
/// UTF-8 with entities decoded and whitespace collapsed, at most
/// MetadataLimits::max_field_bytes long.
struct PageMetadata {
  std::string title;        ///< the headline, cleaned of a site-name suffix ("Story | Site" → "Story")
  std::string author;       ///< the author's name(s), ", " between several
  std::string date;         ///< YYYY-MM-DD: published, else modified
  std::string sitename;     ///< the site's name (og:site_name, JSON-LD publisher, ...; a URL's host)
  std::string description;  ///< the page's summary (description, og:description, ...), as text
  std::string language;     ///< the declared language as a BCP 47 tag in its usual case ("en", "pt-BR")
  /// The canonical URL (<link rel=canonical>, og:url, JSON-LD url) and the lead image's
  /// (og:image, twitter:image, JSON-LD image), resolved against the page's first absolute
  /// address and <base href>; as written when the page gives no absolute address.
  std::string url;
  std::string image;
  std::vector<std::string> categories;  ///< article:section, JSON-LD articleSection, ...
  std::vector<std::string> tags;        ///< article:tag, keywords
  /// Only when the markup says it: article, forum, product, listing, collection,
  /// documentation or service (from JSON-LD @type and og:type); else empty.
  std::string page_type;

  /// True when no field was found. Never throws.
  [[nodiscard]] bool empty() const noexcept;
};

/// Bounds on read_page_metadata's work, against hostile pages.
struct MetadataLimits {
  std::size_t max_scan_bytes = std::size_t{8} << 20;  ///< bytes of the page scanned
  std::size_t max_json_ld_bytes = std::size_t{1} << 20;  ///< JSON-LD text parsed, all scripts together
  std::size_t max_json_depth = 32;   ///< deeper JSON-LD nesting is ignored (not parsed)
  std::size_t max_field_bytes = 1024;  ///< longer values are cut at a UTF-8 boundary
  std::size_t max_list_items = 32;     ///< categories and tags kept
};

/// The metadata of the decoded page \p utf8_html (the page as decode_to_utf8 gave it).
/// \p page_url is the page's address when the caller knows it (`--url`, a WARC record's
/// target URI, a JSONL record's `url`): a relative `url` or `image` resolves against it
/// (and against the page's <base href> in turn), as the Markdown's links do, and `url` is
/// it when the page names no address of its own (so a date in it counts, as in the page's
/// own). Without it, they resolve against the page's <link rel=canonical>, og:url,
/// twitter:url or JSON-LD url, whichever is absolute first, and stay as written when none is.
/// Only the first limits.max_scan_bytes bytes are read; JSON-LD beyond
/// limits.max_json_ld_bytes, or nested deeper than limits.max_json_depth, or malformed, is
/// skipped (the other sources still count). Never throws (std::bad_alloc aside).
/// Thread-safe. O(bytes scanned + JSON-LD parsed).
[[nodiscard]] PageMetadata read_page_metadata(std::string_view utf8_html,
                                              const MetadataLimits& limits = {},
                                              std::string_view page_url = {});

/// The names of PageMetadata's fields as JSON output and the C API spell them, in order:
/// title, author, date, sitename, description, language, url, image, categories, tags,
/// page_type. Never throws.
[[nodiscard]] const std::vector<std::string_view>& metadata_field_names();

/// Field \p name of \p metadata as one string (categories and tags joined with '\n');
/// empty for an unknown name. \throws std::bad_alloc only.
[[nodiscard]] std::string metadata_field(const PageMetadata& metadata, std::string_view name);

/// \p title with a trailing or leading site name cut off: the part before (or after) the
/// last " | ", " - ", " — ", " – ", " :: ", " · " or " » " separator when that part is the
/// longer one and the other is at most 6 words, or equals \p sitename (compared
/// case-insensitively). A title without a separator comes back unchanged. Never throws
/// (std::bad_alloc aside).
[[nodiscard]] std::string clean_title(std::string_view title, std::string_view sitename = {});

/// The date at the start of \p text as YYYY-MM-DD: ISO 8601 ("2024-03-05T10:00:00Z",
/// "2024-03-05"), "2024/03/05", "20240305", or an English month name with day and year
/// ("March 5, 2024", "5 March 2024", "Mar 5th, 2024"), searched anywhere in \p text for the
/// latter; empty when none is found or the date is not a real day between 1990 and 2100.
/// Never throws (std::bad_alloc aside).
[[nodiscard]] std::string normalise_date(std::string_view text);

}  // namespace boilerdex::plugin
