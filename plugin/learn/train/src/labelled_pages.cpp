#include "labelled_pages.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <ostream>
#include <thread>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/best_model.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/learned_labels.hpp"

namespace boilerdex::plugin::train {

namespace {

LabelledPage make_page(std::string id, const TextDocument& doc, std::string_view html,
                       std::vector<BlockClass> gold, bool four_class, const LabelOptions& options) {
  LabelledPage page;
  page.id = std::move(id);
  page.features = compute_features(doc);
  page.gold = std::move(gold);
  page.four_class = four_class;
  if (options.best_rows && options.stack_models.empty()) page.best_rows = best_feature_rows(doc, html);
  if (options.best_rows && !options.stack_models.empty()) {
    const auto first = options.stack_models.find(page.id);
    if (first == options.stack_models.end())
      throw UsageError("--stack-models names no first-stage model for page " + page.id);
    page.best_rows = best_stacked_feature_rows(doc, html, *first->second);
  }
  return page;
}

}  // namespace

LabelledPage label_l3s_page(std::string_view annotated_utf8, std::string id, const LabelOptions& options) {
  const AnnotatedPage annotated = parse_l3s_annotated(annotated_utf8);
  const TextDocument doc = segment_html(annotated.html);
  std::vector<BlockClass> gold;
  for (const L3sClass label : l3s_block_labels(doc, annotated)) {
    gold.push_back(label == L3sClass::Comments && !options.comments_are_content ? BlockClass::Boilerplate
                                                                                : block_class(label));
  }
  return make_page(std::move(id), doc, annotated.html, std::move(gold), true, options);
}

LabelledPage label_text_page(std::string_view html_utf8, std::string_view gold_text, std::string id,
                             const LabelOptions& options) {
  const TextDocument doc = segment_html(html_utf8);
  std::vector<BlockClass> gold;
  for (const double share : aligned_block_shares(doc, gold_text)) {
    gold.push_back(share > 0.0 && share >= options.min_aligned_share ? BlockClass::FullText
                                                                     : BlockClass::Boilerplate);
  }
  return make_page(std::move(id), doc, html_utf8, std::move(gold), false, options);
}

LabelledPage label_page(const Dataset& dataset, const GoldPage& page, const LabelOptions& options) {
  std::string id = dataset.name + "/" + page.id;
  if (dataset.format == DatasetFormat::L3sGn1) {
    return label_l3s_page(decode_to_utf8(read_file_bytes(l3s_annotated_path(dataset, page)), "UTF-8").utf8,
                          std::move(id), options);
  }
  const std::string gold = load_gold_text(dataset, page);
  return label_text_page(load_page_html(dataset, page), gold, std::move(id), options);
}

LabelledCollection load_labelled_pages(const std::vector<DatasetSpec>& specs, std::size_t limit,
                                       unsigned threads, std::ostream* log, const LabelOptions& options) {
  LabelledCollection out;
  for (const auto& spec : specs) {
    Dataset dataset = open_dataset(spec);
    for (const auto& s : dataset.skipped) out.notes.push_back(dataset.name + ": " + s);
    if (!options.only_pages.empty()) {
      std::erase_if(dataset.pages, [&](const GoldPage& page) {
        return !options.only_pages.contains(dataset.name + "/" + page.id);
      });
    }
    const std::size_t n = limit > 0 ? std::min(limit, dataset.pages.size()) : dataset.pages.size();
    std::vector<LabelledPage> pages(n);
    std::vector<std::string> errors(n);
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
      for (std::size_t i; (i = next.fetch_add(1)) < n;) {
        try {
          pages[i] = label_page(dataset, dataset.pages[i], options);
          if (const auto w = options.only_pages.find(pages[i].id); w != options.only_pages.end())
            pages[i].weight = w->second;
        } catch (const std::exception& e) {
          errors[i] = e.what();
        }
      }
    };
    const unsigned workers = std::max(1u, std::min<unsigned>(threads != 0 ? threads : std::thread::hardware_concurrency(),
                                                             static_cast<unsigned>(std::max<std::size_t>(n, 1))));
    std::vector<std::thread> pool;
    for (unsigned w = 1; w < workers; ++w) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    std::size_t kept = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (!errors[i].empty()) {
        out.notes.push_back(dataset.name + "/" + dataset.pages[i].id + ": " + errors[i]);
        continue;
      }
      out.pages.push_back(std::move(pages[i]));
      ++kept;
    }
    if (log != nullptr) *log << "boilerdex-train: " << dataset.name << ": " << kept << " labelled page(s)\n";
  }
  return out;
}

std::vector<float> page_rows(const LabelledPage& page, FeatureSet set) {
  if (set != FeatureSet::Best) return feature_rows(page.features, set);
  if (page.best_rows.size() != page.features.size() * feature_count(FeatureSet::Best))
    throw UsageError("page " + page.id + " was labelled without the rows of feature set 'best'");
  return page.best_rows;
}

}  // namespace boilerdex::plugin::train
