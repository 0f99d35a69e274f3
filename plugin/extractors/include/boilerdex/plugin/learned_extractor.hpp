#pragma once
/// \file
/// The `learned:PATH` extractor: a block classifier trained by `boilerdex-train` (a model
/// file of learned_model.hpp) decides every parse block from its shallow features.

#include <memory>
#include <string>
#include <string_view>

#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/learned_model.hpp"

namespace boilerdex::plugin {

/// Classifies each block of a page with a LearnedModel: is_content = P(content) ≥ the
/// model's threshold, score = P(content); a block without words (boilerpipe's count) is
/// never content, score 0, as models are trained on blocks with words only. Blocks are not
/// merged or removed. Immutable; safe to use from many threads at once.
class LearnedExtractor final : public Extractor {
 public:
  /// \param model the classifier (shared: many extractors may use one model)
  /// \param name  the canonical name, "learned:" followed by the model's path as given
  /// \throws std::invalid_argument when \p model is null.
  LearnedExtractor(std::shared_ptr<const LearnedModel> model, std::string name);

  [[nodiscard]] std::string name() const override { return m_name; }

  /// Overwrites is_content and score of every block of \p doc. O(blocks × trees × depth).
  /// \throws std::bad_alloc only.
  void process(TextDocument& doc) const override;
  /// A model over the feature set "best" reads the page (best_feature_rows); the others
  /// ignore it. \p doc must come fresh from segment_html(\p utf8_html).
  void process(TextDocument& doc, std::string_view utf8_html) const override;

  [[nodiscard]] const LearnedModel& model() const noexcept { return *m_model; }

 private:
  std::shared_ptr<const LearnedModel> m_model;
  std::string m_name;
};

/// Builds the extractor of the registry spec "learned:PATH" from its \p argument, PATH.
/// \throws UsageError when PATH is empty; InputError naming the file (and byte offset or JSON
/// pointer) when the model cannot be read or is not a valid model file.
[[nodiscard]] std::unique_ptr<Extractor> make_learned_extractor(std::string_view argument);

}  // namespace boilerdex::plugin
