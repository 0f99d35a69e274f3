#include "training_data.hpp"

#include <algorithm>
#include <array>
#include <unordered_set>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/text_similarity.hpp"

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

// Hash of tokens[i, i + n): each token followed by a separator no token holds.
std::uint64_t ngram_hash(const std::vector<std::string_view>& tokens, std::size_t i,
                         std::size_t n) noexcept {
  std::uint64_t h = k_fnv_offset ^ n;
  for (std::size_t k = i; k < i + n; ++k) h = fnv1a(" ", fnv1a(tokens[k], h));
  return h;
}

constexpr std::size_t k_max_ngram = 3;

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

std::vector<L3sClass> l3s_block_labels(const TextDocument& doc, const AnnotatedPage& page) {
  std::vector<L3sClass> classes;
  classes.reserve(doc.blocks.size());
  for (const auto& block : doc.blocks) {
    std::array<std::size_t, 7> bytes{};
    const std::size_t end = std::min<std::size_t>(block.source_end, page.byte_class.size());
    for (std::size_t i = block.source_begin; i < end; ++i) {
      const std::uint8_t c = page.byte_class[i];
      if (c < bytes.size()) ++bytes[c];
    }
    const auto best = std::max_element(bytes.begin(), bytes.end());
    classes.push_back(*best == 0 ? L3sClass::Unlabelled
                                 : static_cast<L3sClass>(best - bytes.begin()));
  }
  return classes;
}

std::vector<float> align_gold_text(const TextDocument& doc, std::string_view gold) {
  std::vector<std::string_view> tokens;
  word_tokens(gold, tokens);
  std::unordered_set<std::uint64_t> gold_ngrams;
  gold_ngrams.reserve(tokens.size() * k_max_ngram);
  for (std::size_t n = 1; n <= k_max_ngram; ++n) {
    for (std::size_t i = 0; i + n <= tokens.size(); ++i) gold_ngrams.insert(ngram_hash(tokens, i, n));
  }
  std::vector<float> labels;
  labels.reserve(doc.blocks.size());
  for (const auto& block : doc.blocks) {
    word_tokens(block.text, tokens);
    if (tokens.empty()) {
      labels.push_back(0.0f);
    } else if (tokens.size() < k_max_ngram) {
      labels.push_back(gold_ngrams.count(ngram_hash(tokens, 0, tokens.size())) != 0 ? 1.0f : 0.0f);
    } else {
      const std::size_t total = tokens.size() - k_max_ngram + 1;
      std::size_t found = 0;
      for (std::size_t i = 0; i < total; ++i)
        found += gold_ngrams.count(ngram_hash(tokens, i, k_max_ngram));
      labels.push_back(2 * found >= total ? 1.0f : 0.0f);
    }
  }
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
  return out;
}

}  // namespace boilerdex::plugin::boilernet
