#include "boilerdex/plugin/label.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace boilerdex::plugin {
namespace {

// Indexed by bit position; keep in step with the enumerators of Label.
constexpr std::array<std::string_view, 12> k_label_names = {"TITLE",
                                                            "INDICATES_END_OF_TEXT",
                                                            "MIGHT_BE_CONTENT",
                                                            "STRICTLY_NOT_CONTENT",
                                                            "ARTICLE_METADATA",
                                                            "HR",
                                                            "VERY_LIKELY_CONTENT",
                                                            "LI",
                                                            "HEADING",
                                                            "H1",
                                                            "H2",
                                                            "H3"};

constexpr std::string_view k_label_prefix = "de.l3s.boilerpipe/";

}  // namespace

std::string_view label_name(Label label) noexcept {
  const auto bits = static_cast<std::uint32_t>(label);
  if (!std::has_single_bit(bits)) return {};
  const auto index = static_cast<std::size_t>(std::countr_zero(bits));
  return index < k_label_names.size() ? k_label_names[index] : std::string_view{};
}

std::vector<std::string> LabelSet::names() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < k_label_names.size(); ++i) {
    if ((m_bits >> i) & 1u)
      out.push_back(std::string(k_label_prefix) + std::string(k_label_names[i]));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace boilerdex::plugin
