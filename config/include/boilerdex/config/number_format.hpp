#pragma once
/// \file
/// Numbers as text the way every boilerdex file and message writes them.

#include <charconv>
#include <string>

namespace boilerdex::config {

/// The shortest decimal text that reads back as exactly \p x (std::to_chars: "10", "7.5",
/// "1e-07"; "nan", "inf" for those). For view specs, manifests, run files and messages.
/// Never throws except std::bad_alloc.
[[nodiscard]] inline std::string shortest_decimal(double x) {
  char buffer[32];  // a double's shortest form takes at most 24 characters
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

}  // namespace boilerdex::config
