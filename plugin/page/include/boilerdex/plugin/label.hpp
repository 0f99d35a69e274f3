#pragma once
/// \file
/// Block labels: boilerpipe's `de.l3s.boilerpipe/NAME` strings as a bit set.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace boilerdex::plugin {

/// One label. Values are bits of LabelSet; names (label_name) are boilerpipe's NAME part.
enum class Label : std::uint32_t {
  Title = 1u << 0,
  IndicatesEndOfText = 1u << 1,
  MightBeContent = 1u << 2,
  StrictlyNotContent = 1u << 3,
  ArticleMetadata = 1u << 4,
  Hr = 1u << 5,
  VeryLikelyContent = 1u << 6,
  Li = 1u << 7,
  Heading = 1u << 8,
  H1 = 1u << 9,
  H2 = 1u << 10,
  H3 = 1u << 11,
};

/// boilerpipe's name of \p label ("TITLE", "INDICATES_END_OF_TEXT", ...). Never throws.
[[nodiscard]] std::string_view label_name(Label label) noexcept;

/// A small set of labels (value type, 4 bytes).
class LabelSet {
 public:
  constexpr LabelSet() noexcept = default;
  [[nodiscard]] constexpr bool has(Label l) const noexcept {
    return (m_bits & static_cast<std::uint32_t>(l)) != 0;
  }
  constexpr void add(Label l) noexcept { m_bits |= static_cast<std::uint32_t>(l); }
  constexpr void remove(Label l) noexcept { m_bits &= ~static_cast<std::uint32_t>(l); }
  constexpr void add_all(LabelSet other) noexcept { m_bits |= other.m_bits; }
  [[nodiscard]] constexpr bool empty() const noexcept { return m_bits == 0; }
  [[nodiscard]] constexpr std::uint32_t bits() const noexcept { return m_bits; }
  /// Full names ("de.l3s.boilerpipe/TITLE"), sorted as strings (as `bp debug` prints them).
  [[nodiscard]] std::vector<std::string> names() const;
  friend constexpr bool operator==(LabelSet, LabelSet) noexcept = default;

 private:
  std::uint32_t m_bits = 0;
};

}  // namespace boilerdex::plugin
