#include "boilerdex/plugin/page_budget.hpp"

#include <algorithm>

#include "boilerdex/plugin/html_segmenter.hpp"

namespace boilerdex::plugin {

namespace {
/// Longer bounds are no bound (and would overflow the clock's arithmetic).
constexpr std::size_t k_max_bounded_millis = std::size_t{365} * 24 * 3600 * 1000;
}  // namespace

PageDeadline::PageDeadline(std::size_t millis) noexcept
    : m_at(std::chrono::steady_clock::now() + std::chrono::milliseconds(std::min(millis, k_max_bounded_millis))),
      m_millis(millis > k_max_bounded_millis ? 0 : millis) {}

std::size_t PageDeadline::millis_left() const noexcept {
  if (m_millis == 0) return 0;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(m_at - std::chrono::steady_clock::now());
  return left.count() > 0 ? static_cast<std::size_t>(left.count()) : 0;
}

void PageDeadline::check(std::string_view stage) const {
  if (passed()) fail(stage);
}

void PageDeadline::fail(std::string_view stage) const { throw PageTimeLimitError(m_millis, std::string(stage)); }

PageBudget::PageBudget() noexcept : PageBudget(SegmentLimits{}, PageDeadline()) {}

PageBudget::PageBudget(const SegmentLimits& limits, PageDeadline deadline_) noexcept
    : deadline(deadline_), max_input_bytes(limits.max_input_bytes), max_depth(limits.max_depth) {}

}  // namespace boilerdex::plugin
