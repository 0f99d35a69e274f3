#include "training_data.hpp"

#include <algorithm>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/learned_labels.hpp"

namespace boilerdex::plugin::boilernet {

namespace {

constexpr std::uint64_t k_fnv_offset = 14695981039346656037ull;
constexpr std::uint64_t k_fnv_prime = 1099511628211ull;

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = k_fnv_offset) noexcept {
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= k_fnv_prime;
  }
  return h;
}

// A block whose tokens are at least this much aligned with the gold text is content.
constexpr double k_content_share = 0.5;

}  // namespace

Split parse_split(std::string_view name) {
  if (name == "all") return Split::All;
  if (name == "train") return Split::Train;
  if (name == "test") return Split::Test;
  throw UsageError("unknown split '" + std::string(name) + "'; valid: all, train, test");
}

bool in_split(std::string_view id, Split split) noexcept {
  if (split == Split::All) return true;
  const bool test = (fnv1a(id) & 1u) != 0;
  return test == (split == Split::Test);
}

std::vector<float> align_gold_text(const TextDocument& doc, std::string_view gold) {
  const std::vector<double> shares = aligned_block_shares(doc, gold);
  std::vector<float> labels;
  labels.reserve(shares.size());
  for (const double share : shares) labels.push_back(share >= k_content_share ? 1.0f : 0.0f);
  return labels;
}

LabelledPage load_labelled_page(const Dataset& dataset, const GoldPage& page,
                                const LabelOptions& options) {
  LabelledPage out;
  out.id = page.id;
  if (dataset.format == DatasetFormat::L3sGn1) {
    AnnotatedPage annotated = parse_l3s_annotated(
        decode_to_utf8(read_file_bytes(l3s_annotated_path(dataset, page)), "UTF-8").utf8);
    out.doc = segment_html(annotated.html);
    const std::vector<L3sClass> labels = l3s_block_labels(out.doc, annotated);
    out.classes.reserve(labels.size());
    out.labels.reserve(labels.size());
    for (const auto label : labels) {
      out.classes.push_back(block_class(label));
      const bool content = label == L3sClass::Comments ? options.l3s_comments_are_content
                                                       : out.classes.back() != BlockClass::Boilerplate;
      out.labels.push_back(content ? 1.0f : 0.0f);
    }
    out.html = std::move(annotated.html);
  } else {
    const std::string gold = load_gold_text(dataset, page);
    out.html = load_page_html(dataset, page);
    out.doc = segment_html(out.html);
    out.labels = align_gold_text(out.doc, gold);
  }
  // Training data is kept and read later: its time is not one page's.
  out.doc.budget.deadline = PageDeadline();
  return out;
}

}  // namespace boilerdex::plugin::boilernet
