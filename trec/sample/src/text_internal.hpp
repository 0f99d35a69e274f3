#pragma once
/// \file
/// Small string helpers of the sample generator. Private to trec/sample/src.

#include <cstdint>
#include <string>
#include <string_view>

#include "boilerdex/trec/experiment_random.hpp"

namespace boilerdex::trec::sample {

/// One element of \p items (non-empty), drawn uniformly from \p random (one draw). The
/// view lives as long as the element it shows.
template <class Container>
std::string_view pick(Random& random, const Container& items) {
  return items[random.index(items.size())];
}

/// Upper-cases the first character of \p s when it is an ASCII lowercase letter.
void capitalise_first(std::string& s);

/// \p s with capitalise_first applied. \throws std::bad_alloc.
[[nodiscard]] std::string capitalised(std::string_view s);

/// Replaces every \p key (written with its braces: "{p}") of \p pattern with \p value.
/// \throws std::bad_alloc.
[[nodiscard]] std::string fill(std::string_view pattern, std::string_view key, std::string_view value);

/// \p value in decimal, padded with leading zeros to at least \p width digits.
/// \throws std::bad_alloc.
[[nodiscard]] std::string zero_padded(std::uint64_t value, int width);

}  // namespace boilerdex::trec::sample
