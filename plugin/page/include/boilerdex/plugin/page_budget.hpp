#pragma once
/// \file
/// A page's budget: the time it may take, from decoding its bytes to its extractor's last
/// filter, and the bounds every Gumbo parse of it keeps to. segment_html puts the budget on
/// the document it returns (TextDocument::budget), so the stages after it (extractors, and
/// the second parse BTE and BoilerNet make of the page) spend what segmentation left and
/// parse the page as segment_html did: truncated, flattened and stopped alike.

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "boilerdex/config/error.hpp"

namespace boilerdex::plugin {

struct SegmentLimits;  // segment_limits.hpp

/// A page ran past SegmentLimits::max_page_millis. what() reads "page time limit of N ms
/// exceeded while STAGE" (see stage()); the caller adds the page's name.
class PageTimeLimitError : public Error {
 public:
  PageTimeLimitError(std::size_t millis, std::string stage)
      : Error("page time limit of " + std::to_string(millis) + " ms exceeded while " + stage),
        m_millis(millis), m_stage(std::move(stage)) {}
  /// The bound that was exceeded, in milliseconds.
  [[nodiscard]] std::size_t millis() const noexcept { return m_millis; }
  /// What the page was doing: "decoding", "preparing HTML" (the passes before Gumbo),
  /// "parsing HTML" (inside Gumbo), "segmenting" (segment_html's walk) or "extracting"
  /// (the extractor, its filters and any second parse of the page it makes).
  [[nodiscard]] const std::string& stage() const noexcept { return m_stage; }

 private:
  std::size_t m_millis;
  std::string m_stage;
};

/// When a page's time is up: a bound in milliseconds, fixed to the clock at construction.
/// A value type; copies share the same point in time. Thread-safe (const).
class PageDeadline {
 public:
  /// No deadline: passed() is never true. Never throws.
  PageDeadline() noexcept = default;
  /// \p millis from now (std::chrono::steady_clock); 0, or more than a year: no deadline.
  /// Never throws.
  explicit PageDeadline(std::size_t millis) noexcept;

  /// False for no deadline. Never throws.
  [[nodiscard]] bool bounded() const noexcept { return m_millis != 0; }
  /// The bound as set, in milliseconds (0: none). Never throws.
  [[nodiscard]] std::size_t millis() const noexcept { return m_millis; }
  /// True once the deadline has passed (reads the clock, ~20 ns). Never throws.
  [[nodiscard]] bool passed() const noexcept {
    return m_millis != 0 && std::chrono::steady_clock::now() >= m_at;
  }
  /// Whole milliseconds still left; 0 once passed, and 0 for no deadline (check bounded()
  /// first). Never throws.
  [[nodiscard]] std::size_t millis_left() const noexcept;
  /// \throws PageTimeLimitError(millis(), \p stage) when the deadline has passed.
  void check(std::string_view stage) const;
  /// \throws PageTimeLimitError(millis(), \p stage), always.
  [[noreturn]] void fail(std::string_view stage) const;

 private:
  std::chrono::steady_clock::time_point m_at{};
  std::size_t m_millis = 0;
};

/// Everything that bounds the work on one page after it has been decoded. segment_html
/// fills TextDocument::budget with one; extractors read it from the document they are
/// given. A document kept for later (a training set, a cache) should drop its deadline
/// (doc.budget.deadline = PageDeadline()), or an extractor run on it after the page's time
/// is up throws PageTimeLimitError.
struct PageBudget {
  /// SegmentLimits{}'s parse bounds and no deadline. Never throws.
  PageBudget() noexcept;
  /// \p limits' parse bounds (max_input_bytes, max_depth) and \p deadline (normally
  /// PageDeadline(limits.max_page_millis), started when the page's work began). Never throws.
  PageBudget(const SegmentLimits& limits, PageDeadline deadline) noexcept;

  PageDeadline deadline;
  /// A parse of the page reads at most this many bytes of it (SegmentLimits::max_input_bytes).
  std::size_t max_input_bytes;
  /// Elements nested deeper are flattened before Gumbo sees them (SegmentLimits::max_depth,
  /// itself capped for Gumbo's sake; see segment_html).
  std::size_t max_depth;
};

}  // namespace boilerdex::plugin
