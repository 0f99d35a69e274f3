#pragma once
/// \file
/// The root of boilerdex's exception hierarchy. Every component throws types derived from
/// boilerdex::Error; each branch lives in the lowest component that throws it
/// (ConfigError and UsageError here, InputError in plugin, IndexError in indexer), so the
/// dependency arrows of DESIGN.md hold. Tools map Error to exit codes (2 for usage and
/// configuration errors, 1 for runtime errors).

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

namespace boilerdex {

/// Base of every exception boilerdex throws on purpose.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A command line that cannot be obeyed (unknown option value, missing argument).
/// Tools exit with status 2.
class UsageError : public Error {
 public:
  using Error::Error;
};

/// A configuration file that is wrong: syntax, unknown key, wrong type or value.
/// what() reads "FILE:LINE:COLUMN: KEY: message" (line/column omitted when unknown).
class ConfigError : public Error {
 public:
  /// \param file   path of the configuration file ("" for command-line values)
  /// \param line   1-based line, 0 when unknown
  /// \param column 1-based column, 0 when unknown
  /// \param key    dotted key path ("views.min_words"), may be empty
  ConfigError(std::string file, std::size_t line, std::size_t column, std::string key,
              const std::string& message);

  [[nodiscard]] const std::string& file() const noexcept { return m_file; }
  [[nodiscard]] std::size_t line() const noexcept { return m_line; }
  [[nodiscard]] std::size_t column() const noexcept { return m_column; }
  [[nodiscard]] const std::string& key() const noexcept { return m_key; }

 private:
  std::string m_file;
  std::size_t m_line;
  std::size_t m_column;
  std::string m_key;
};

}  // namespace boilerdex
