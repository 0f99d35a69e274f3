#pragma once
/// \file
/// Count options for the tools' command lines (tool-side: CLI11 in the interface, not
/// installed). Every option that takes a count (documents, threads, results, bytes, pages,
/// rounds) is registered through add_count_option with a CountRange, so that a negative,
/// absurd or non-numeric value stops at parse time with a usage error (exit 2) stating the
/// range, e.g. `--docs: must be a whole number from 1 to 10000000, not -5`, instead of
/// wrapping to 2^64 or sizing a vector by it. The ranges that several tools share are named
/// in count_ranges.hpp, which the configuration loader uses too.

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <system_error>
#include <type_traits>

#include <CLI/CLI.hpp>

#include "boilerdex/config/count_ranges.hpp"

namespace boilerdex::config {

/// A CLI11 validator accepting only decimal digits (no sign, no exponent) whose value lies
/// in \p r; its message states the range and the value given.
inline CLI::Validator count_in(CountRange r) {
  const std::string range = std::to_string(r.min) + " to " + std::to_string(r.max);
  return CLI::Validator(
      [r, range](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const char* end = text.data() + text.size();
        const auto [p, ec] = std::from_chars(text.data(), end, v);
        if (text.empty() || ec != std::errc() || p != end || v < r.min || v > r.max)
          return "must be a whole number from " + range + ", not " + (text.empty() ? "empty" : text);
        return {};
      },
      "INT in " + std::to_string(r.min) + ".." + std::to_string(r.max), "count range");
}

/// add_option(\p name, \p value, \p description) checked with count_in(\p r). \p T is an
/// unsigned or signed integer or a std::optional/std::vector of one; \p r must fit in it.
template <class T>
CLI::Option* add_count_option(CLI::App& app, const std::string& name, T& value, const std::string& description,
                              CountRange r) {
  return app.add_option(name, value, description)->check(count_in(r));
}

/// The `--threads` option group of the tools that run workers: 0..256, 0 meaning all cores.
template <class T>
CLI::Option* add_threads_option(CLI::App& app, T& value, const std::string& description,
                                const std::string& name = "--threads") {
  return add_count_option(app, name, value, description, k_thread_range);
}

}  // namespace boilerdex::config
