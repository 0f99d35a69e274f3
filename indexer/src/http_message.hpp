#pragma once
// HTTP response parsing for WARC payloads and TREC DOCHDRs. Private to indexer.

#include <optional>
#include <string>
#include <string_view>

namespace boilerdex::indexer::detail {

/// The parts of an HTTP response head that indexing needs.
struct HttpHead {
  int status = 0;               ///< 0 when there is no status line
  std::string content_type;     ///< raw header value, empty when absent
  std::string transfer_encoding;
  std::string content_encoding;
};

/// Case-insensitive ASCII equality.
[[nodiscard]] bool iequals(std::string_view a, std::string_view b) noexcept;

/// Trims ASCII whitespace at both ends.
[[nodiscard]] std::string_view trim(std::string_view s) noexcept;

/// Parses header lines ("Name: value", CRLF or LF), optionally preceded by a status line
/// ("HTTP/1.1 200 OK"). Unknown headers are ignored; continuation lines are appended.
[[nodiscard]] HttpHead parse_http_head(std::string_view head) noexcept;

/// True when \p content_type (a header value, possibly empty) can hold an HTML page:
/// empty, text/*, or any XML or HTML type. Never throws.
[[nodiscard]] bool is_html_content_type(std::string_view content_type) noexcept;

/// Decodes a chunked transfer-encoded body into \p out (at most \p limit bytes kept;
/// *overflow set beyond). Returns an error message, or nullopt on success.
[[nodiscard]] std::optional<std::string> dechunk(std::string_view body, std::string& out, std::size_t limit,
                                                 bool* overflow);

/// Inflates a gzip or deflate (zlib or raw) content-encoded body into \p out, keeping at
/// most \p limit bytes. Returns an error message, or nullopt on success.
[[nodiscard]] std::optional<std::string> decode_content_encoding(std::string_view encoding, std::string_view body,
                                                                 std::string& out, std::size_t limit,
                                                                 bool* overflow);

}  // namespace boilerdex::indexer::detail
