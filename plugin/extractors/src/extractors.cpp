#include "boilerdex/plugin/extractors.hpp"

#include "boilerdex/plugin/classifiers.hpp"
#include "boilerdex/plugin/filters.hpp"
#include "extractor_registry_internal.hpp"

namespace boilerdex::plugin {

FilterPipeline::FilterPipeline(std::string name, std::vector<PipelineStep> steps)
    : m_name(std::move(name)), m_steps(std::move(steps)) {}

void FilterPipeline::process(TextDocument& doc) const {
  for (const auto& step : m_steps) {
    doc.budget.deadline.check("extracting");
    step.run(doc);
  }
  doc.budget.deadline.check("extracting");
}

std::vector<bool> FilterPipeline::process_traced(TextDocument& doc) const {
  std::vector<bool> changes;
  changes.reserve(m_steps.size());
  for (const auto& step : m_steps) {
    doc.budget.deadline.check("extracting");
    changes.push_back(step.run(doc));
  }
  doc.budget.deadline.check("extracting");
  return changes;
}

namespace pipelines {
namespace {

PipelineStep context_classifier(std::string name, ContextRule rule) {
  return {std::move(name),
          [rule](TextDocument& doc) { return classify_in_context(doc.blocks, rule); }};
}

PipelineStep proximity_fusion(std::string name, bool content_only) {
  return {std::move(name), [content_only](TextDocument& doc) {
            return block_proximity_fusion(doc, 1, content_only, false);
          }};
}

PipelineStep simple_fusion() { return {"SimpleBlockFusionProcessor", simple_block_fusion}; }

PipelineStep mark_everything() { return {"MarkEverythingContentFilter", mark_everything_content}; }

PipelineStep keep_largest() {
  return {"KeepLargestBlockFilter", [](TextDocument& doc) { return keep_largest_block(doc); }};
}

}  // namespace

std::vector<PipelineStep> article() {
  return {
      {"TerminatingBlocksFinder", [](TextDocument& doc) { return terminating_blocks_finder(doc); }},
      {"DocumentTitleMatchClassifier", document_title_match},
      context_classifier("NumWordsRulesClassifier", num_words_rule),
      {"IgnoreBlocksAfterContentFilter",
       [](TextDocument& doc) { return ignore_blocks_after_content(doc, 60); }},
      proximity_fusion("BlockProximityFusion.MAX_DISTANCE_1", false),
      {"BoilerplateBlockFilter", [](TextDocument& doc) { return remove_boilerplate_blocks(doc); }},
      proximity_fusion("BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY", true),
      keep_largest(),
      {"ExpandTitleToContentFilter", expand_title_to_content},
  };
}

std::vector<PipelineStep> article_2012() {
  return {
      {"TerminatingBlocksFinder",
       [](TextDocument& doc) { return terminating_blocks_finder(doc, true); }},
      {"DocumentTitleMatchClassifier", document_title_match_2012},
      context_classifier("NumWordsRulesClassifier", num_words_rule),
      {"IgnoreBlocksAfterContentFilter",
       [](TextDocument& doc) { return ignore_blocks_after_content(doc, 60); }},
      {"TrailingHeadlineToBoilerplateFilter", trailing_headline_to_boilerplate},
      proximity_fusion("BlockProximityFusion.MAX_DISTANCE_1", false),
      {"BoilerplateBlockFilter.INSTANCE_KEEP_TITLE",
       [](TextDocument& doc) { return remove_boilerplate_blocks(doc, true); }},
      {"BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY_SAME_TAGLEVEL",
       [](TextDocument& doc) { return block_proximity_fusion(doc, 1, true, true); }},
      {"KeepLargestBlockFilter.INSTANCE_EXPAND_TO_SAME_TAGLEVEL_MIN_WORDS",
       [](TextDocument& doc) {
         return keep_largest_block(doc, {.expand_to_same_tag_level = true,
                                         .expand_min_words = 150,
                                         .label_very_likely_content = true});
       }},
      {"ExpandTitleToContentFilter", expand_title_to_content},
      {"LargeBlockSameTagLevelToContentFilter", large_block_same_tag_level_to_content},
      {"ListAtEndFilter", list_at_end},
  };
}

std::vector<PipelineStep> article_sentences() {
  auto steps = article();
  steps.push_back({"SplitParagraphBlocksFilter", split_paragraph_blocks});
  steps.push_back(
      {"MinClauseWordsFilter", [](TextDocument& doc) { return min_clause_words(doc, 5, false); }});
  return steps;
}

std::vector<PipelineStep> default_extractor() {
  return {simple_fusion(), proximity_fusion("BlockProximityFusion.MAX_DISTANCE_1", false),
          context_classifier("DensityRulesClassifier", density_rule)};
}

std::vector<PipelineStep> largest_content() {
  return {context_classifier("NumWordsRulesClassifier", num_words_rule),
          proximity_fusion("BlockProximityFusion.MAX_DISTANCE_1", false), keep_largest()};
}

std::vector<PipelineStep> canola() { return {context_classifier("CanolaFilter", canola_rule)}; }

std::vector<PipelineStep> num_words_rules() {
  return {context_classifier("NumWordsRulesClassifier", num_words_rule)};
}

std::vector<PipelineStep> density_rules() {
  return {context_classifier("DensityRulesClassifier", density_rule)};
}

std::vector<PipelineStep> keep_everything() { return {mark_everything()}; }

std::vector<PipelineStep> keep_everything_min_words(int k) {
  return {simple_fusion(),
          mark_everything(),
          {"MinWordsFilter(" + std::to_string(k) + ")",
           [k](TextDocument& doc) { return min_words_filter(doc, k); }}};
}

std::vector<PipelineStep> cleaneval() {
  return {{"CleanEvalRule", [](TextDocument& doc) {
             bool changed = false;
             for (auto& block : doc.blocks) {
               const bool content = cleaneval_rule(block);
               changed |= content != block.is_content;
               block.is_content = content;
             }
             return changed;
           }}};
}

std::vector<PipelineStep> min_words(int k) {
  return {{"MinWordsRule(" + std::to_string(k) + ")", [k](TextDocument& doc) {
             bool changed = false;
             for (auto& block : doc.blocks) {
               const bool content = min_words_rule(block, k);
               changed |= content != block.is_content;
               block.is_content = content;
             }
             return changed;
           }}};
}

}  // namespace pipelines

namespace detail {
namespace {

ExtractorRegistration fixed(const std::string& name, std::string description,
                            std::vector<PipelineStep> (*steps)()) {
  return {.name = name, .description = std::move(description), .factory = [name, steps](int) {
            return std::make_unique<FilterPipeline>(name, steps());
          }};
}

ExtractorRegistration parameterised(const std::string& name, std::string description,
                                    std::vector<PipelineStep> (*steps)(int)) {
  return {.name = name,
          .description = std::move(description),
          .takes_parameter = true,
          .factory = [name, steps](int k) {
            return std::make_unique<FilterPipeline>(name + ':' + std::to_string(k), steps(k));
          }};
}

}  // namespace

std::vector<ExtractorRegistration> pipeline_extractors() {
  return {
      fixed("article",
            "boilerpipe ArticleExtractor: news and article pages (title match, end-of-text, "
            "largest block)",
            pipelines::article),
      fixed("default", "boilerpipe DefaultExtractor: block fusion, then the density rules",
            pipelines::default_extractor),
      fixed("largest-content",
            "boilerpipe LargestContentExtractor: the largest run of num-words-rules content",
            pipelines::largest_content),
      fixed("canola", "boilerpipe CanolaExtractor: the rule trained on the krdwrd Canola corpus",
            pipelines::canola),
      fixed("num-words-rules",
            "boilerpipe NumWordsRulesExtractor: WSDM 2010 Algorithm 2 (link density, word counts)",
            pipelines::num_words_rules),
      fixed("article-sentences",
            "boilerpipe ArticleSentencesExtractor: article, then only lines with a 5-word clause",
            pipelines::article_sentences),
      fixed("keep-everything", "boilerpipe KeepEverythingExtractor: every block is content",
            pipelines::keep_everything),
      parameterised("keep-everything-min-words",
                    "boilerpipe KeepEverythingWithMinKWordsExtractor: density fusion, then blocks "
                    "of >= K words",
                    pipelines::keep_everything_min_words),
      fixed("density-rules",
            "DensityRulesClassifier: WSDM 2010 Algorithm 1 (link and text density)",
            pipelines::density_rules),
      fixed("cleaneval", "the WSDM 2010 CleanEval rule: text density >= 7 and link density <= 0.35",
            pipelines::cleaneval),
      parameterised("min-words", "every block with >= K words (no fusion)", pipelines::min_words),
      fixed("article-2012",
            "[post-1.2.0] boilerpipe's 2012 ArticleExtractor (new title match, headline, "
            "same-level and list rules)",
            pipelines::article_2012),
  };
}

}  // namespace detail
}  // namespace boilerdex::plugin
