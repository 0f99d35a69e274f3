#include "boilerdex/boilernet/extractor.hpp"

#include <mutex>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/extractor_registry.hpp"
#include "features.hpp"
#include "model.hpp"

namespace boilerdex::plugin::boilernet {

namespace {

constexpr float k_threshold = 0.5f;

class BoilerNetExtractor final : public Extractor {
 public:
  BoilerNetExtractor(std::string path, Model model)
      : m_path(std::move(path)), m_model(std::move(model)) {}

  [[nodiscard]] std::string name() const override { return "boilernet:" + m_path; }

  void process(TextDocument&) const override {
    throw UsageError("extractor 'boilernet' needs the page source: call process(doc, utf8_html)");
  }

  void process(TextDocument& doc, std::string_view utf8_html) const override {
    const std::vector<float> p =
        m_model.predict(encode(extract_features(doc, utf8_html), m_model.vocabulary()));
    doc.budget.deadline.check("extracting");
    for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
      doc.blocks[i].score = p[i];
      doc.blocks[i].is_content = p[i] >= k_threshold;
    }
  }

 private:
  std::string m_path;
  Model m_model;
};

}  // namespace

std::unique_ptr<Extractor> make_boilernet_extractor(const std::string& model_path) {
  set_torch_threads(1);
  return std::make_unique<BoilerNetExtractor>(model_path, Model::load(model_path));
}

namespace {

/// "boilernet:ARGUMENT", ARGUMENT the model file.
std::unique_ptr<Extractor> make_from_argument(std::string_view argument) {
  if (argument.empty()) {
    throw UsageError(
        "extractor 'boilernet' needs a model file: boilernet:MODEL (boilerdex-boilernet "
        "train writes one)");
  }
  return make_boilernet_extractor(std::string(argument));
}

}  // namespace

void register_boilernet_extractor() {
  static std::once_flag once;
  std::call_once(once, [] {
    ExtractorRegistration r;
    r.name = "boilernet";
    r.description = std::string(extractor_description);
    r.argument_syntax = ":MODEL";
    r.argument_factory = make_from_argument;
    register_extractor(std::move(r));
  });
}

}  // namespace boilerdex::plugin::boilernet

/// module_entry (extractor.hpp): what plugin::register_extractor_module calls. Throws as
/// make_extractor does; the caller owns the result.
extern "C" __attribute__((visibility("default"))) boilerdex::plugin::Extractor* boilerdex_boilernet_make_extractor(
    const char* argument, std::size_t size) {
  return boilerdex::plugin::boilernet::make_from_argument(std::string_view(argument, size)).release();
}
