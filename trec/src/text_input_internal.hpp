#pragma once
// Private helpers shared by the topic, qrels and run readers: whole-file reading and
// whitespace field splitting without per-field allocation.

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace boilerdex::trec::detail {

/// The bytes of \p path. \throws ParseError(path, 0, reason) when it cannot be read.
[[nodiscard]] std::string read_text_file(const std::filesystem::path& path);

/// Iterates over the lines of a text (LF or CRLF endings, last line may lack one),
/// counting them from 1. Views point into the text given to the constructor.
class LineReader {
 public:
  explicit LineReader(std::string_view text) noexcept : m_text(text) {}

  /// Next line without its terminator; false at the end.
  bool next(std::string_view& line) noexcept;
  [[nodiscard]] std::size_t line_number() const noexcept { return m_line; }

 private:
  std::string_view m_text;
  std::size_t m_pos = 0;
  std::size_t m_line = 0;
};

/// Splits \p line at ASCII whitespace into at most \p max fields (views into \p line);
/// returns how many fields the line has in total (which may exceed \p max).
std::size_t split_fields(std::string_view line, std::string_view* fields, std::size_t max) noexcept;

/// True for a line that holds only whitespace, or whose first non-blank byte is '#'
/// (trec_eval 10.0 skips comment lines in runs and qrels).
[[nodiscard]] bool is_blank_or_comment(std::string_view line) noexcept;

}  // namespace boilerdex::trec::detail
