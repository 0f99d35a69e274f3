#pragma once
/// \file
/// Private: what BoilerNet sees of a block (Leonhardt, Anand & Khosla, WWW'20 companion):
/// the tag names of its ancestors in the DOM and its words, as bags over two vocabularies
/// (the k most frequent tags and l most frequent words of the training pages, each with
/// one out-of-vocabulary slot). No torch here: the model turns PageBags into tensors.

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin::boilernet {

/// Hash for unordered containers keyed by std::string that are looked up by string_view.
struct StringHash {
  using is_transparent = void;
  [[nodiscard]] std::size_t operator()(std::string_view s) const noexcept {
    return std::hash<std::string_view>{}(s);
  }
};
using StringIdMap = std::unordered_map<std::string, std::uint32_t, StringHash, std::equal_to<>>;

/// The raw features of one page's blocks. Strings are interned per page (a page repeats
/// its tag names and many words), so a block's tags and words are indices into `strings`.
struct PageFeatures {
  /// Distinct strings of the page (tag names and lower-cased words share the table).
  std::deque<std::string> strings;
  /// Every block's ancestor tag names (outermost first, "html" included), concatenated.
  std::vector<std::uint32_t> tags;
  /// Every block's words (lower-cased `\w+` tokens of its text), concatenated.
  std::vector<std::uint32_t> words;
  /// Per block: end of its range in tags and words (the range starts at the previous end).
  std::vector<std::uint32_t> tag_end;
  std::vector<std::uint32_t> word_end;

  [[nodiscard]] std::size_t blocks() const noexcept { return tag_end.size(); }
};

/// Collects the features of every block of \p doc. \p utf8_html must be the text
/// segment_html parsed into \p doc (TextBlock::source_begin indexes into it): it is parsed
/// again with Gumbo, because TextDocument keeps no tag names, and each block takes the
/// ancestors of the text node holding its first text byte (the node after it when the
/// byte is markup). Blocks beyond the parsed text get only their words.
/// Thread-safe. O(page size + total block text). \throws std::bad_alloc only.
[[nodiscard]] PageFeatures extract_features(const TextDocument& doc, std::string_view utf8_html);

/// The two vocabularies. Index space of a bag: tags [0, k), the tag OOV slot k, words
/// [k + 1, k + 1 + l), the word OOV slot k + 1 + l; size() = k + l + 2.
class Vocabulary {
 public:
  Vocabulary() = default;
  /// From lists of tag names and words, in id order (duplicates are an error).
  /// \throws std::invalid_argument naming the duplicate.
  Vocabulary(std::vector<std::string> tags, std::vector<std::string> words);

  [[nodiscard]] std::uint32_t tag_id(std::string_view tag) const noexcept;
  [[nodiscard]] std::uint32_t word_id(std::string_view word) const noexcept;
  [[nodiscard]] std::uint32_t tag_oov() const noexcept {
    return static_cast<std::uint32_t>(m_tags.size());
  }
  [[nodiscard]] std::uint32_t word_oov() const noexcept {
    return static_cast<std::uint32_t>(m_tags.size() + 1 + m_words.size());
  }
  [[nodiscard]] std::size_t size() const noexcept { return m_tags.size() + m_words.size() + 2; }
  [[nodiscard]] const std::vector<std::string>& tags() const noexcept { return m_tags; }
  [[nodiscard]] const std::vector<std::string>& words() const noexcept { return m_words; }

 private:
  std::vector<std::string> m_tags;
  std::vector<std::string> m_words;
  StringIdMap m_tag_ids;
  StringIdMap m_word_ids;
};

/// Counts tags and words over training pages and keeps the most frequent.
class VocabularyBuilder {
 public:
  /// Adds every tag and word occurrence of \p page.
  void add(const PageFeatures& page);
  /// The \p max_tags most frequent tag names and \p max_words most frequent words (by
  /// occurrences; ties by byte order, so the result does not depend on page order).
  [[nodiscard]] Vocabulary build(std::size_t max_tags, std::size_t max_words) const;

 private:
  StringIdMap m_tag_index;
  StringIdMap m_word_index;
  std::vector<std::uint64_t> m_tag_counts;
  std::vector<std::uint64_t> m_word_counts;
};

/// A page's blocks as sparse bags, the input of torch::nn::EmbeddingBag: block b's entries
/// are indices[offsets[b] .. offsets[b + 1]) (offsets has blocks + 1 entries) with weights
/// log(1 + count) of each distinct vocabulary slot in the block, slots ascending.
struct PageBags {
  std::vector<std::int64_t> indices;
  std::vector<std::int64_t> offsets{0};
  std::vector<float> weights;

  [[nodiscard]] std::size_t blocks() const noexcept { return offsets.size() - 1; }
};

/// Encodes \p page over \p vocabulary. O(total tags and words). \throws std::bad_alloc only.
[[nodiscard]] PageBags encode(const PageFeatures& page, const Vocabulary& vocabulary);

}  // namespace boilerdex::plugin::boilernet
