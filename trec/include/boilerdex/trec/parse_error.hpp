#pragma once
/// \file
/// The error for TREC input files (topics, qrels, runs) that cannot be read as such.

#include <cstddef>
#include <string>

#include "boilerdex/config/error.hpp"

namespace boilerdex::trec {

/// A topics, qrels or run file that is malformed or unreadable.
/// what() reads "FILE:LINE: message" ("FILE: message" when the line is 0, e.g. the file
/// cannot be opened). Tools report it as a runtime error (exit status 1).
class ParseError : public Error {
 public:
  /// \param file    the path as given by the user ("<stdin>" or a label for in-memory text)
  /// \param line    1-based line number, 0 when the problem is not tied to a line
  /// \param message what is wrong, without the position
  ParseError(std::string file, std::size_t line, const std::string& message);

  [[nodiscard]] const std::string& file() const noexcept { return m_file; }
  [[nodiscard]] std::size_t line() const noexcept { return m_line; }

 private:
  std::string m_file;
  std::size_t m_line;
};

}  // namespace boilerdex::trec
