#pragma once
/// \file
/// Readers for the extraction data sets of ../shared/data/extraction/ (docs/EVALUATION.md):
/// which pages a data set has, the HTML of each page, and its gold-standard main text.
///
/// Gold rules, one per format:
///  - `l3s-gn1`: text of the `x-nc-sel1/2/3` spans (headline, full text, supplemental) of
///    `annotated/<id>.html`; input `original/<id>.html`; both read as UTF-8 (the meta
///    charsets of this set are wrong, NOTES.md).
///  - `cleaneval`: `GoldStandard/<n>.txt` without its leading `URL:` line and without the
///    `<p>`, `<h>`, `<l>` unit markers; input `input/<n>.html` without the CleanEval
///    `<text id=… encoding=…>` wrapper, whose encoding (when it names one) is the declared
///    charset.
///  - `dragnet`: `Corrected/<id>.html.corrected.txt` up to the `!@#$%^&*()  COMMENTS` line;
///    input `HTML/<id>.html`.
///  - `scrapinghub`: `articleBody` of `ground-truth.json` (null counts as empty); input
///    `html/<id>.html.gz`, gzip-compressed UTF-8.
///  - `readability`: text content of `test-pages/<case>/expected.html` (Readability.js's own
///    output, not human gold); input `test-pages/<case>/source.html`, UTF-8.
///  - `wcxb`: `ground_truth.main_content` of `ground-truth/<id>.json` (null counts as
///    empty), with the page type, snippets and metadata beside it (wcxb.hpp); input
///    `html/<id>.html.gz`, gzip-compressed, charset sniffed as a browser would (none declared).
/// Text gold files are read as UTF-8 when valid, else as windows-1252; a UTF-8 BOM is dropped.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/file_bytes.hpp"  // read_file_bytes, for the readers' users
#include "boilerdex/plugin/wcxb.hpp"

namespace boilerdex::plugin {

/// The layout of a data set folder.
enum class DatasetFormat { L3sGn1, CleanEval, Dragnet, Scrapinghub, Readability, Wcxb };

/// The format's name on the command line: "l3s-gn1", "cleaneval", "dragnet",
/// "scrapinghub", "readability", "wcxb". Never throws.
[[nodiscard]] std::string_view dataset_format_name(DatasetFormat format) noexcept;

/// Every format, in the order above.
[[nodiscard]] const std::vector<DatasetFormat>& all_dataset_formats();

/// A data set named on the command line as FORMAT:DIR.
struct DatasetSpec {
  DatasetFormat format = DatasetFormat::Scrapinghub;
  std::filesystem::path dir;
};

/// Parses "FORMAT:DIR" (FORMAT as dataset_format_name gives it; DIR may itself hold ':').
/// \throws UsageError naming the spec and the valid formats when FORMAT is unknown or DIR
/// is empty.
[[nodiscard]] DatasetSpec parse_dataset_spec(std::string_view spec);

/// One page of a data set.
struct GoldPage {
  std::string id;                        ///< file stem or JSON key; unique in the data set
  std::filesystem::path html_path;       ///< the page to extract from (".gz" is gunzipped)
  std::filesystem::path gold_path;       ///< the gold file (the JSON file for scrapinghub)
  std::string declared_charset;          ///< charset to decode the page with; "" = sniff
  std::optional<std::string> gold_text;  ///< gold already read (scrapinghub, wcxb), else lazily
  /// wcxb only: the rest of the page's gold file (page type, snippets, metadata); its
  /// main_content is moved out into gold_text.
  std::optional<WcxbGold> wcxb;
};

/// A data set: its pages in id order, and pages left out with the reason.
struct Dataset {
  DatasetFormat format = DatasetFormat::Scrapinghub;
  std::filesystem::path dir;
  std::string name;  ///< the folder's name ("l3s-gn1-dev"), for reports
  std::vector<GoldPage> pages;
  std::vector<std::string> skipped;  ///< "PATH: reason" for inputs without usable gold
};

/// Lists the pages of \p spec's folder (gold of scrapinghub and wcxb is read now, other gold
/// lazily). Pages missing one side (input or gold), and wcxb pages whose gold file cannot be
/// read or parsed, are listed in Dataset::skipped, not an error. A wcxb set lists the pages
/// of `ground-truth/` (the benchmark's page list).
/// \throws InputError naming the path when the folder lacks the format's layout or its
/// ground-truth.json is malformed.
[[nodiscard]] Dataset open_dataset(const DatasetSpec& spec);

/// The page's HTML decoded to UTF-8 as the data set prescribes (gunzip, CleanEval wrapper
/// removed, declared charset or sniffing; invalid bytes become U+FFFD).
/// \throws InputError naming the file when it cannot be read or decompressed.
[[nodiscard]] std::string load_page_html(const Dataset& dataset, const GoldPage& page);

/// The page's gold text under the format's rule (see the file comment). Text units are
/// separated by newlines; only the `\w+` tokens and their order matter to the measures.
/// \throws InputError naming the gold file when it cannot be read.
[[nodiscard]] std::string load_gold_text(const Dataset& dataset, const GoldPage& page);

/// Dragnet's rule on one `.corrected.txt` text: everything before the first comments
/// separator line. The separator is `!@#$%^&*()  COMMENTS`, but about 2 % of the files were
/// typed by hand with small variations (`!@#$%^&*() COMMENTS`, `!@ $%^&*()  COMMENTS`, a tab,
/// three spaces, a doubled symbol), so a separator is any line made of at least four of the
/// symbols `!@#$%^&*()`, optional blanks, then `COMMENTS` and optional trailing blanks.
/// Without one the whole text is gold.
[[nodiscard]] std::string dragnet_gold_text(std::string_view corrected);

/// The classes of L3S-GN1's annotation (`x-nc-selN`), plus Unlabelled for text outside
/// every x-nc-sel span.
enum class L3sClass : std::uint8_t {
  NotContent = 0,
  Headline = 1,
  FullText = 2,
  Supplemental = 3,
  RelatedContent = 4,
  Comments = 5,
  Unlabelled = 6,
};

/// An L3S-GN1 annotated page, turned into something an extractor can run on.
struct AnnotatedPage {
  /// The annotated HTML with the start and end tags of every x-nc-sel span removed
  /// (spans are inline, so the page segments into the blocks the assessors labelled).
  std::string html;
  /// One entry per byte of \p html: the class of the text node that byte belongs to, or
  /// k_no_text for markup, whitespace-only text and text of script/style/noscript.
  std::vector<std::uint8_t> byte_class;
  /// The gold text (x-nc-sel1/2/3), as load_gold_text returns it.
  std::string gold_text;
  /// The text the assessors marked as the headline (x-nc-sel1), its runs joined by single
  /// spaces; empty when they marked none.
  std::string headline;

  static constexpr std::uint8_t k_no_text = 0xFF;
};

/// Parses an annotated L3S-GN1 page (UTF-8). A text node's class is that of its innermost
/// x-nc-selN span. Never throws for any input (std::bad_alloc aside). Thread-safe. O(n).
[[nodiscard]] AnnotatedPage parse_l3s_annotated(std::string_view utf8);

/// The path of the annotated twin of an L3S-GN1 page (annotated/<id>.html).
[[nodiscard]] std::filesystem::path l3s_annotated_path(const Dataset& dataset,
                                                       const GoldPage& page);

/// The visible text of an HTML document (UTF-8): text nodes outside script, style,
/// noscript and template, with a newline at each block-level element boundary. Used for
/// Readability's expected.html. Never throws (std::bad_alloc aside). Thread-safe.
[[nodiscard]] std::string html_text_content(std::string_view utf8);

/// \p bytes as UTF-8: kept when valid UTF-8 (a BOM dropped), else decoded as windows-1252.
/// Never throws (std::bad_alloc aside).
[[nodiscard]] std::string decode_text_file(std::string_view bytes);

}  // namespace boilerdex::plugin
