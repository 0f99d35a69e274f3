#pragma once
/// \file
/// Block classifiers (spec §3, WSDM 2010 Algorithms 1 and 2, boilerpipe's Canola rule,
/// CleanEval's rule, minimum words). Each rule is a pure function of the block and, for
/// the context rules, its neighbours; `classify_in_context` applies a context rule to a
/// whole block list the way boilerpipe 1.2 does.
///
/// Numeric semantics (spec §1.3): densities are the blocks' single-precision floats,
/// promoted to double and compared with boilerpipe's double literals, so a link density of
/// exactly 1/3 (0.33333334f) is *greater* than 0.333333.

#include <vector>

#include "boilerdex/plugin/text_block.hpp"

namespace boilerdex::plugin {

/// boilerpipe's TextBlock.EMPTY_START: text "", 0 words, 0 anchor words, both densities 0,
/// offsets −1. It stands for the missing neighbour at *both* ends of the list (spec §1.4).
/// The returned block is immutable and lives for the whole program. Thread-safe.
[[nodiscard]] const TextBlock& empty_start_block() noexcept;

/// A rule that decides whether \p curr is content from itself and its neighbours.
using ContextRule = bool (*)(const TextBlock& prev, const TextBlock& curr,
                             const TextBlock& next) noexcept;

/// NumWordsRulesClassifier (spec §3.1, paper Algorithm 2): link density, then word counts.
[[nodiscard]] bool num_words_rule(const TextBlock& prev, const TextBlock& curr,
                                  const TextBlock& next) noexcept;

/// DensityRulesClassifier (spec §3.2, paper Algorithm 1): link density, then text densities.
/// A dense block followed by a density-0 block (or by the end) is boilerplate.
[[nodiscard]] bool density_rule(const TextBlock& prev, const TextBlock& curr,
                                const TextBlock& next) noexcept;

/// CanolaExtractor's rule (spec §3.3).
[[nodiscard]] bool canola_rule(const TextBlock& prev, const TextBlock& curr,
                               const TextBlock& next) noexcept;

/// The CleanEval rule of the WSDM 2010 paper: textDensity ≥ 7 and linkDensity ≤ 0.35.
[[nodiscard]] bool cleaneval_rule(const TextBlock& curr) noexcept;

/// Minimum words: numWords ≥ \p min_words.
[[nodiscard]] bool min_words_rule(const TextBlock& curr, int min_words) noexcept;

/// Overwrites is_content of every block of \p blocks with \p rule evaluated on
/// (previous, block, next), with empty_start_block() as the missing neighbour at both
/// ends. Rules read only counts and densities, which this does not change, so every
/// decision sees unmodified neighbours. Returns true when some block's flag changed
/// (boilerpipe's "changes"). O(n). No-op on an empty list.
bool classify_in_context(std::vector<TextBlock>& blocks, ContextRule rule) noexcept;

}  // namespace boilerdex::plugin
