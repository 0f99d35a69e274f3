#include "boilerdex/config/error.hpp"

namespace boilerdex {
namespace {
std::string format_config_error(const std::string& file, std::size_t line, std::size_t column,
                                const std::string& key, const std::string& message) {
  std::string out = file.empty() ? std::string("<command line>") : file;
  if (line > 0) {
    out += ':' + std::to_string(line);
    if (column > 0) out += ':' + std::to_string(column);
  }
  out += ": ";
  if (!key.empty()) out += key + ": ";
  out += message;
  return out;
}
}  // namespace

ConfigError::ConfigError(std::string file, std::size_t line, std::size_t column, std::string key,
                         const std::string& message)
    : Error(format_config_error(file, line, column, key, message)),
      m_file(std::move(file)),
      m_line(line),
      m_column(column),
      m_key(std::move(key)) {}

}  // namespace boilerdex
