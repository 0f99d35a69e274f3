#include "http_message.hpp"

#include <algorithm>
#include <charconv>
#include <zlib.h>

namespace boilerdex::indexer::detail {
namespace {

char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool istarts_with(std::string_view s, std::string_view prefix) noexcept {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

bool icontains(std::string_view s, std::string_view needle) noexcept {
  if (needle.size() > s.size()) return false;
  for (std::size_t i = 0; i + needle.size() <= s.size(); ++i)
    if (iequals(s.substr(i, needle.size()), needle)) return true;
  return false;
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return lower(x) == lower(y);
         });
}

std::string_view trim(std::string_view s) noexcept {
  const auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; };
  while (!s.empty() && ws(s.front())) s.remove_prefix(1);
  while (!s.empty() && ws(s.back())) s.remove_suffix(1);
  return s;
}

HttpHead parse_http_head(std::string_view head) noexcept {
  HttpHead out;
  std::string* last = nullptr;  // for continuation lines
  bool first = true;
  while (!head.empty()) {
    const std::size_t nl = head.find('\n');
    std::string_view line = head.substr(0, nl);
    head.remove_prefix(nl == std::string_view::npos ? head.size() : nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (first && istarts_with(line, "HTTP/")) {
      first = false;
      const std::size_t sp = line.find(' ');
      if (sp != std::string_view::npos) {
        const std::string_view code = trim(line.substr(sp + 1)).substr(0, 3);
        std::from_chars(code.data(), code.data() + code.size(), out.status);
      }
      continue;
    }
    first = false;
    if (line.empty()) continue;
    if ((line.front() == ' ' || line.front() == '\t') && last) {
      last->append(" ").append(trim(line));
      continue;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      last = nullptr;
      continue;
    }
    const std::string_view name = trim(line.substr(0, colon));
    const std::string_view value = trim(line.substr(colon + 1));
    if (iequals(name, "Content-Type")) last = &out.content_type;
    else if (iequals(name, "Transfer-Encoding")) last = &out.transfer_encoding;
    else if (iequals(name, "Content-Encoding")) last = &out.content_encoding;
    else last = nullptr;
    if (last) last->assign(value);
  }
  return out;
}

bool is_html_content_type(std::string_view content_type) noexcept {
  const std::string_view media = trim(content_type.substr(0, content_type.find(';')));
  if (media.empty()) return true;
  return istarts_with(media, "text/") || icontains(media, "html") || icontains(media, "xml");
}

std::optional<std::string> dechunk(std::string_view body, std::string& out, std::size_t limit, bool* overflow) {
  std::size_t pos = 0;
  while (true) {
    const std::size_t eol = body.find('\n', pos);
    if (eol == std::string_view::npos) return "chunked body ends without a last chunk";
    std::string_view size_line = trim(body.substr(pos, eol - pos));
    size_line = size_line.substr(0, size_line.find(';'));  // chunk extensions
    std::uint64_t size = 0;
    const auto [p, ec] = std::from_chars(size_line.data(), size_line.data() + size_line.size(), size, 16);
    if (ec != std::errc() || p != size_line.data() + size_line.size() || size_line.empty())
      return "bad chunk size line '" + std::string(size_line.substr(0, 40)) + "' at payload offset " +
             std::to_string(pos);
    pos = eol + 1;
    if (size == 0) return std::nullopt;  // trailers, if any, are ignored
    if (size > body.size() - pos) return "chunk of " + std::to_string(size) + " bytes runs past the payload";
    const std::size_t room = out.size() < limit ? limit - out.size() : 0;
    if (size > room && overflow) *overflow = true;
    out.append(body.substr(pos, std::min<std::uint64_t>(size, room)));
    pos += size;
    // CRLF after the chunk data.
    if (pos < body.size() && body[pos] == '\r') ++pos;
    if (pos < body.size() && body[pos] == '\n') ++pos;
  }
}

std::optional<std::string> decode_content_encoding(std::string_view encoding, std::string_view body,
                                                   std::string& out, std::size_t limit, bool* overflow) {
  const std::string_view enc = trim(encoding);
  if (enc.empty() || iequals(enc, "identity")) {
    const std::size_t room = std::min(body.size(), limit);
    if (body.size() > limit && overflow) *overflow = true;
    out.append(body.substr(0, room));
    return std::nullopt;
  }
  int window_bits = 0;
  if (iequals(enc, "gzip") || iequals(enc, "x-gzip")) window_bits = 15 + 16;
  else if (iequals(enc, "deflate")) window_bits = 15 + 32;  // zlib header; raw deflate tried below
  else return "unsupported Content-Encoding '" + std::string(enc) + "'";

  for (int attempt = 0; attempt < 2; ++attempt) {
    z_stream z{};
    if (inflateInit2(&z, attempt == 0 ? window_bits : -15) != Z_OK) return "inflateInit failed";
    const std::size_t start = out.size();
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
    z.avail_in = static_cast<uInt>(body.size());
    char buf[64 * 1024];
    int rc = Z_OK;
    while (rc == Z_OK) {
      z.next_out = reinterpret_cast<Bytef*>(buf);
      z.avail_out = sizeof buf;
      rc = inflate(&z, Z_NO_FLUSH);
      const std::size_t got = sizeof buf - z.avail_out;
      const std::size_t room = out.size() < limit ? limit - out.size() : 0;
      if (got > room) {
        if (overflow) *overflow = true;
        rc = Z_STREAM_END;  // enough: the page is too large anyway
      }
      out.append(buf, std::min(got, room));
      if (rc == Z_BUF_ERROR && z.avail_in == 0) break;
    }
    const std::string msg = z.msg ? z.msg : "stream ends early";
    inflateEnd(&z);
    if (rc == Z_STREAM_END) return std::nullopt;
    out.resize(start);
    if (attempt == 0 && iequals(enc, "deflate")) continue;  // some servers send raw deflate
    return "bad " + std::string(enc) + " Content-Encoding: " + msg;
  }
  return "bad deflate Content-Encoding";
}

}  // namespace boilerdex::indexer::detail
