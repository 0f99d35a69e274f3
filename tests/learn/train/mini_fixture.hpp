#pragma once
// The hand-written labelled pages of tests/fixtures/train/l3s-mini (8 news-like pages in
// the L3S-GN1 layout), labelled once per test program.
#include <filesystem>
#include <vector>

#include "labelled_pages.hpp"

namespace boilerdex::plugin::train::testing {

inline const std::filesystem::path k_mini =
    std::filesystem::path(BOILERDEX_FIXTURES_DIR) / "train" / "l3s-mini";

inline const std::vector<LabelledPage>& mini_pages() {
  static const auto pages = load_labelled_pages({{DatasetFormat::L3sGn1, k_mini}}, 0, 1, nullptr).pages;
  return pages;
}

}  // namespace boilerdex::plugin::train::testing
