#pragma once
/// \file
/// Errors about one input document: they name the source (file, DOCNO) and a byte offset,
/// so a batch can report the page and go on.

#include <cstdint>
#include <string>

#include "boilerdex/config/error.hpp"

namespace boilerdex {

/// A page or record that cannot be processed. what() reads "SOURCE[@OFFSET]: message".
class InputError : public Error {
 public:
  /// \param source file path or DOCNO ("" when unknown)
  /// \param offset byte offset in the source, or npos when unknown
  InputError(std::string source, std::uint64_t offset, const std::string& message);
  explicit InputError(const std::string& message) : InputError({}, npos, message) {}

  static constexpr std::uint64_t npos = ~std::uint64_t{0};

  [[nodiscard]] const std::string& source() const noexcept { return m_source; }
  [[nodiscard]] std::uint64_t offset() const noexcept { return m_offset; }

 private:
  std::string m_source;
  std::uint64_t m_offset;
};

}  // namespace boilerdex
