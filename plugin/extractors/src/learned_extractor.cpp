#include "boilerdex/plugin/learned_extractor.hpp"

#include <stdexcept>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/best_model.hpp"
#include "boilerdex/plugin/block_features.hpp"
#include "extractor_registry_internal.hpp"

namespace boilerdex::plugin {

LearnedExtractor::LearnedExtractor(std::shared_ptr<const LearnedModel> model, std::string name)
    : m_model(std::move(model)), m_name(std::move(name)) {
  if (!m_model) throw std::invalid_argument("LearnedExtractor: null model");
}

void LearnedExtractor::process(TextDocument& doc) const { process(doc, {}); }

void LearnedExtractor::process(TextDocument& doc, std::string_view utf8_html) const {
  const FeatureSet set = m_model->feature_set();
  const std::size_t width = feature_count(set);
  const std::vector<float> rows = set == FeatureSet::Best
                                      ? best_feature_rows(doc, utf8_html)
                                      : feature_rows(compute_features(doc), set);
  doc.budget.deadline.check("extracting");
  const double threshold = m_model->threshold();
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    TextBlock& block = doc.blocks[i];
    if (block.num_words == 0) {  // nothing to keep, and never seen in training
      block.is_content = false;
      block.score = 0.0f;
      continue;
    }
    const double p = m_model->content_probability(std::span<const float>(rows.data() + i * width, width));
    block.is_content = p >= threshold;
    block.score = static_cast<float>(p);
  }
  doc.budget.deadline.check("extracting");
}

std::unique_ptr<Extractor> make_learned_extractor(std::string_view argument) {
  if (argument.empty())
    throw UsageError("extractor 'learned' needs a model file: learned:PATH (made by boilerdex-train)");
  auto model = std::make_shared<const LearnedModel>(LearnedModel::load(std::string(argument)));
  return std::make_unique<LearnedExtractor>(std::move(model), "learned:" + std::string(argument));
}

namespace detail {

std::vector<ExtractorRegistration> learned_extractors() {
  ExtractorRegistration r;
  r.name = "learned";
  r.description =
      "a block classifier trained by boilerdex-train (decision trees over the WSDM 2010 shallow "
      "features), read from its model file";
  r.argument_syntax = ":PATH";
  r.argument_factory = [](std::string_view argument) { return make_learned_extractor(argument); };
  return {std::move(r)};
}

}  // namespace detail

}  // namespace boilerdex::plugin
