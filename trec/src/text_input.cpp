#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "boilerdex/trec/parse_error.hpp"
#include "text_input_internal.hpp"

namespace boilerdex::trec {

namespace {
std::string format_parse_error(const std::string& file, std::size_t line, const std::string& message) {
  std::string out = file;
  if (line > 0) out += ':' + std::to_string(line);
  out += ": ";
  out += message;
  return out;
}

constexpr bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
}  // namespace

ParseError::ParseError(std::string file, std::size_t line, const std::string& message)
    : Error(format_parse_error(file, line, message)), m_file(std::move(file)), m_line(line) {}

namespace detail {

std::string read_text_file(const std::filesystem::path& path) {
  // An ifstream opens a directory on Linux and reads it as empty: 0 judgments, exit 0.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw ParseError(path.string(), 0, "is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path.string(), 0, std::string("cannot open: ") + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw ParseError(path.string(), 0, "read error");
  return std::move(buffer).str();
}

bool LineReader::next(std::string_view& line) noexcept {
  if (m_pos >= m_text.size()) return false;
  const std::size_t end = m_text.find('\n', m_pos);
  const std::size_t stop = end == std::string_view::npos ? m_text.size() : end;
  line = m_text.substr(m_pos, stop - m_pos);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  m_pos = end == std::string_view::npos ? m_text.size() : end + 1;
  ++m_line;
  return true;
}

std::size_t split_fields(std::string_view line, std::string_view* fields, std::size_t max) noexcept {
  std::size_t count = 0;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i == line.size()) break;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (count < max) fields[count] = line.substr(start, i - start);
    ++count;
  }
  return count;
}

bool is_blank_or_comment(std::string_view line) noexcept {
  for (char c : line) {
    if (is_space(c)) continue;
    return c == '#';
  }
  return true;
}

}  // namespace detail
}  // namespace boilerdex::trec
