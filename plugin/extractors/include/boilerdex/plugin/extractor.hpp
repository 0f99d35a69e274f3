#pragma once
/// \file
/// Extractors: named pipelines of filters over a TextDocument (spec §5), and the registry
/// that turns names such as "article" or "keep-everything-min-words:10" into one.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

/// A content extractor. Implementations are immutable after construction, so one instance
/// may be used from many threads at once.
///
/// Time: an extractor spends what is left of the page's budget (TextDocument::budget,
/// which segment_html sets). The built-in ones look at the deadline between their filters
/// and inside any second parse of the page, and once it has passed throw
/// PageTimeLimitError with stage "extracting" (the document is then in an unspecified but
/// valid state). An extractor written elsewhere may do the same with
/// doc.budget.deadline.check("extracting").
class Extractor {
 public:
  virtual ~Extractor() = default;
  /// The canonical name, as accepted by make_extractor ("article", "min-words:10").
  [[nodiscard]] virtual std::string name() const = 0;
  /// Marks (and may merge or remove) blocks of \p doc; afterwards is_content says what
  /// the extractor keeps and doc.content() is its text output.
  virtual void process(TextDocument& doc) const = 0;
  /// Like process(doc), for extractors that also read the page (BTE works on its tag and
  /// word tokens): \p utf8_html is the text segment_html parsed, so TextBlock::source_begin
  /// and source_end index into it; it must outlive the call. The default ignores it.
  /// Callers that have the page (extract_page, the indexer) call this overload.
  virtual void process(TextDocument& doc, std::string_view utf8_html) const {
    (void)utf8_html;
    process(doc);
  }
  /// Whether process reads TextDocument::token_counts, which the segmenter then fills
  /// (segment_html's count_tokens); without them it counts the same from the blocks' text.
  /// The default: false.
  [[nodiscard]] virtual bool reads_token_counts() const noexcept { return false; }
};

/// One entry of the registry, for --list-extractors.
struct ExtractorInfo {
  std::string name;         ///< "article", or a pattern "keep-everything-min-words:K"
  std::string description;  ///< one line
  /// True for a family that cannot run without an argument only the caller can supply, such
  /// as a model file ("learned:PATH"): it has no default instance, so code that runs "every
  /// registered extractor" (evaluation defaults, fuzzing, smoke tests) leaves it out.
  bool needs_argument = false;
};

/// Every name make_extractor accepts, in a stable order.
[[nodiscard]] std::vector<ExtractorInfo> list_extractors();

/// Builds the extractor called \p spec: article default largest-content canola
/// num-words-rules article-sentences keep-everything keep-everything-min-words:K
/// density-rules cleaneval min-words:K (and any added later; see list_extractors()).
/// \throws UsageError naming the spec and listing the valid names when unknown or malformed.
[[nodiscard]] std::unique_ptr<Extractor> make_extractor(std::string_view spec);

}  // namespace boilerdex::plugin
