#include "boilerdex/plugin/learned_labels.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>

#include "boilerdex/plugin/text_similarity.hpp"

namespace boilerdex::plugin {

namespace {

constexpr std::size_t k_max_alignment_cells = std::size_t{1} << 26;

// Token ids shared by both sides of an alignment, so cells compare integers.
class TokenIds {
 public:
  std::uint32_t id(std::string_view token) {
    return m_ids.try_emplace(token, static_cast<std::uint32_t>(m_ids.size())).first->second;
  }

 private:
  std::unordered_map<std::string_view, std::uint32_t> m_ids;
};

// For each token of \p a: whether a longest common subsequence of a and b uses it.
// Directions are kept as 2 bits per cell; scores in two rolling rows.
std::vector<bool> lcs_matches(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  const std::size_t n = a.size(), m = b.size();
  enum : std::uint8_t { Up = 0, Left = 1, Diagonal = 2 };
  std::vector<std::uint8_t> dir((n * m + 3) / 4, 0);
  const auto set_dir = [&](std::size_t i, std::size_t j, std::uint8_t d) {
    const std::size_t cell = i * m + j;
    dir[cell / 4] = static_cast<std::uint8_t>(dir[cell / 4] | (d << (2 * (cell % 4))));
  };
  const auto get_dir = [&](std::size_t i, std::size_t j) {
    const std::size_t cell = i * m + j;
    return static_cast<std::uint8_t>((dir[cell / 4] >> (2 * (cell % 4))) & 3);
  };
  std::vector<std::uint32_t> prev(m + 1, 0), cur(m + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    cur[0] = 0;
    for (std::size_t j = 0; j < m; ++j) {
      if (a[i] == b[j]) {
        cur[j + 1] = prev[j] + 1;
        set_dir(i, j, Diagonal);
      } else if (prev[j + 1] >= cur[j]) {
        cur[j + 1] = prev[j + 1];  // Up (0) is the default
      } else {
        cur[j + 1] = cur[j];
        set_dir(i, j, Left);
      }
    }
    std::swap(prev, cur);
  }
  std::vector<bool> matched(n, false);
  std::size_t i = n, j = m;
  while (i > 0 && j > 0) {
    switch (get_dir(i - 1, j - 1)) {
      case Diagonal: matched[--i] = true; --j; break;
      case Left: --j; break;
      default: --i; break;
    }
  }
  return matched;
}

// The fallback for huge pages: each token of \p a matched while the gold bag still has it.
std::vector<bool> bag_matches(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  std::unordered_map<std::uint32_t, std::uint32_t> bag;
  for (const auto t : b) ++bag[t];
  std::vector<bool> matched(a.size(), false);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto it = bag.find(a[i]);
    if (it != bag.end() && it->second > 0) {
      --it->second;
      matched[i] = true;
    }
  }
  return matched;
}

}  // namespace

std::vector<L3sClass> l3s_block_labels(const TextDocument& doc, const AnnotatedPage& page) {
  std::vector<L3sClass> labels;
  labels.reserve(doc.blocks.size());
  for (const auto& block : doc.blocks) {
    std::array<std::size_t, 7> bytes{};
    const std::size_t end = std::min<std::size_t>(block.source_end, page.byte_class.size());
    for (std::size_t i = block.source_begin; i < end; ++i) {
      const std::uint8_t c = page.byte_class[i];
      if (c < bytes.size()) ++bytes[c];
    }
    const auto best = std::max_element(bytes.begin(), bytes.end());
    labels.push_back(*best == 0 ? L3sClass::Unlabelled : static_cast<L3sClass>(best - bytes.begin()));
  }
  return labels;
}

std::vector<double> aligned_block_shares(const TextDocument& doc, std::string_view gold_text) {
  TokenIds ids;
  std::vector<std::string_view> tokens;
  std::vector<std::uint32_t> gold;
  word_tokens(gold_text, tokens);
  gold.reserve(tokens.size());
  for (const auto t : tokens) gold.push_back(ids.id(t));

  std::vector<std::uint32_t> page;
  std::vector<std::size_t> block_end;  // one past each block's last token in `page`
  block_end.reserve(doc.blocks.size());
  for (const auto& block : doc.blocks) {
    word_tokens(block.text, tokens);
    for (const auto t : tokens) page.push_back(ids.id(t));
    block_end.push_back(page.size());
  }
  const bool small = gold.empty() || page.size() <= k_max_alignment_cells / gold.size();
  const std::vector<bool> matched = small ? lcs_matches(page, gold) : bag_matches(page, gold);

  std::vector<double> shares;
  shares.reserve(doc.blocks.size());
  std::size_t begin = 0;
  for (const std::size_t end : block_end) {
    const auto first = matched.begin() + static_cast<std::ptrdiff_t>(begin);
    const auto hits = std::count(first, matched.begin() + static_cast<std::ptrdiff_t>(end), true);
    shares.push_back(end > begin ? static_cast<double>(hits) / static_cast<double>(end - begin) : 0.0);
    begin = end;
  }
  return shares;
}

}  // namespace boilerdex::plugin
