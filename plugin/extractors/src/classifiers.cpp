#include "boilerdex/plugin/classifiers.hpp"

namespace boilerdex::plugin {
namespace {

// Promotes a float feature to double before comparing with boilerpipe's double literals.
constexpr double d(float x) noexcept { return static_cast<double>(x); }

TextBlock make_empty_start() {
  TextBlock b;
  b.offset_blocks_start = -1;
  b.offset_blocks_end = -1;
  b.init_densities();
  return b;
}

}  // namespace

const TextBlock& empty_start_block() noexcept {
  static const TextBlock block = make_empty_start();
  return block;
}

bool num_words_rule(const TextBlock& prev, const TextBlock& curr, const TextBlock& next) noexcept {
  if (d(curr.link_density) <= 0.333333) {
    if (d(prev.link_density) <= 0.555556) {
      if (curr.num_words <= 16) return next.num_words > 15 || prev.num_words > 4;
      return true;
    }
    return curr.num_words > 40 || next.num_words > 17;
  }
  return false;
}

bool density_rule(const TextBlock& prev, const TextBlock& curr, const TextBlock& next) noexcept {
  if (d(curr.link_density) <= 0.333333) {
    if (d(prev.link_density) <= 0.555556) {
      if (d(curr.text_density) <= 9) return d(next.text_density) > 10 || d(prev.text_density) > 4;
      return d(next.text_density) != 0;
    }
    return d(next.text_density) > 11;
  }
  return false;
}

bool canola_rule(const TextBlock& prev, const TextBlock& curr, const TextBlock& next) noexcept {
  return (d(curr.link_density) > 0 && next.num_words > 11) || curr.num_words > 19 ||
         (next.num_words > 6 && d(next.link_density) == 0 && d(prev.link_density) == 0 &&
          (curr.num_words > 6 || prev.num_words > 7 || next.num_words > 19));
}

bool cleaneval_rule(const TextBlock& curr) noexcept {
  return d(curr.text_density) >= 7 && d(curr.link_density) <= 0.35;
}

bool min_words_rule(const TextBlock& curr, int min_words) noexcept {
  return curr.num_words >= min_words;
}

bool classify_in_context(std::vector<TextBlock>& blocks, ContextRule rule) noexcept {
  const TextBlock& sentinel = empty_start_block();
  bool changed = false;
  const std::size_t n = blocks.size();
  for (std::size_t i = 0; i < n; ++i) {
    const TextBlock& prev = i == 0 ? sentinel : blocks[i - 1];
    const TextBlock& next = i + 1 == n ? sentinel : blocks[i + 1];
    const bool content = rule(prev, blocks[i], next);
    changed |= content != blocks[i].is_content;
    blocks[i].is_content = content;
  }
  return changed;
}

}  // namespace boilerdex::plugin
