#pragma once
/// \file
/// Filter pipelines: the building block of boilerpipe's extractors (spec §5), and the
/// built-in pipelines themselves. Obtain extractors by name through make_extractor
/// (extractor.hpp); use these directly to compose new pipelines.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "boilerdex/plugin/extractor.hpp"

namespace boilerdex::plugin {

/// One filter of a pipeline: a name for traces and a function returning boilerpipe's
/// "changes" flag. The function must be safe to call concurrently on different documents.
struct PipelineStep {
  std::string name;
  std::function<bool(TextDocument&)> run;
};

/// An extractor that runs its steps in order. Like boilerpipe (which combines the results
/// with a non-short-circuit `|`), every step runs whatever the previous ones returned.
/// Immutable after construction; process() is thread-safe.
class FilterPipeline final : public Extractor {
 public:
  /// \param name the canonical name that name() returns
  FilterPipeline(std::string name, std::vector<PipelineStep> steps);

  [[nodiscard]] std::string name() const override { return m_name; }
  using Extractor::process;  // the page-reading overload (filters never need the page)
  /// Runs the steps in order. \throws PageTimeLimitError (stage "extracting") when
  /// doc.budget's deadline has passed before a step or after the last; what a step throws.
  void process(TextDocument& doc) const override;

  /// Like process(), and returns each step's "changes" flag, in order (for tracing).
  /// \throws as process() does.
  std::vector<bool> process_traced(TextDocument& doc) const;

  [[nodiscard]] const std::vector<PipelineStep>& steps() const noexcept { return m_steps; }

 private:
  std::string m_name;
  std::vector<PipelineStep> m_steps;
};

/// The steps of boilerpipe 1.2.0's pipelines (spec §5), for composing new ones. Each call
/// returns fresh steps. \throws std::bad_alloc only.
namespace pipelines {
/// ArticleExtractor: TerminatingBlocksFinder → DocumentTitleMatchClassifier →
/// NumWordsRulesClassifier → IgnoreBlocksAfterContentFilter(60) → BlockProximityFusion
/// (1,false,false) → BoilerplateBlockFilter → BlockProximityFusion(1,true,false) →
/// KeepLargestBlockFilter → ExpandTitleToContentFilter.
[[nodiscard]] std::vector<PipelineStep> article();
/// [post-1.2.0] ArticleExtractor of boilerpipe's 2012 trunk: TerminatingBlocksFinder (with
/// "Comment") → DocumentTitleMatchClassifier (2012) → NumWordsRules → IgnoreBlocksAfter
/// Content(60) → TrailingHeadlineToBoilerplate → BlockProximityFusion(1,false,false) →
/// BoilerplateBlockFilter (keep TITLE) → BlockProximityFusion(1,true,true) →
/// KeepLargestBlock(expand, 150) → ExpandTitleToContent → LargeBlockSameTagLevelToContent →
/// ListAtEnd. Its heading and list rules need the segmenter's post-1.2.0 markup labels.
[[nodiscard]] std::vector<PipelineStep> article_2012();
/// ArticleSentencesExtractor: article() → SplitParagraphBlocksFilter → MinClauseWordsFilter(5).
[[nodiscard]] std::vector<PipelineStep> article_sentences();
/// DefaultExtractor: SimpleBlockFusion → BlockProximityFusion(1,false,false) → DensityRules.
[[nodiscard]] std::vector<PipelineStep> default_extractor();
/// LargestContentExtractor: NumWordsRules → BlockProximityFusion(1,false,false) → KeepLargestBlock.
[[nodiscard]] std::vector<PipelineStep> largest_content();
/// CanolaExtractor: the Canola rule.
[[nodiscard]] std::vector<PipelineStep> canola();
/// NumWordsRulesExtractor: NumWordsRulesClassifier (paper Algorithm 2).
[[nodiscard]] std::vector<PipelineStep> num_words_rules();
/// DensityRulesClassifier alone (paper Algorithm 1).
[[nodiscard]] std::vector<PipelineStep> density_rules();
/// KeepEverythingExtractor: MarkEverythingContentFilter.
[[nodiscard]] std::vector<PipelineStep> keep_everything();
/// KeepEverythingWithMinKWordsExtractor(k): SimpleBlockFusion → MarkEverythingContent →
/// MinWords(k).
[[nodiscard]] std::vector<PipelineStep> keep_everything_min_words(int k);
/// The paper's CleanEval rule on every block: textDensity ≥ 7 and linkDensity ≤ 0.35.
[[nodiscard]] std::vector<PipelineStep> cleaneval();
/// Every block with at least \p k words is content, the others not (no fusion).
[[nodiscard]] std::vector<PipelineStep> min_words(int k);
}  // namespace pipelines

}  // namespace boilerdex::plugin
