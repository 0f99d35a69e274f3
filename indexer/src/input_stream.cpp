#include "input_stream.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <zlib.h>

#include "boilerdex/plugin/input_error.hpp"

namespace boilerdex::indexer::detail {
namespace {
constexpr std::size_t raw_chunk = 256 * 1024;
constexpr std::size_t buffer_chunk = 256 * 1024;
}  // namespace

struct InputStream::Inflater {
  z_stream z{};
  bool member_done = false;
  Inflater() {
    if (inflateInit2(&z, 15 + 16) != Z_OK) throw std::bad_alloc();
  }
  ~Inflater() { inflateEnd(&z); }
};

InputStream::InputStream(const std::filesystem::path& path) : m_path(path.string()) {
  m_file = std::fopen(m_path.c_str(), "rb");
  if (!m_file) throw InputError(m_path, InputError::npos, std::string("cannot open: ") + std::strerror(errno));
  m_raw.resize(raw_chunk);
  refill_raw();
  m_gzip = m_raw_len >= 2 && static_cast<unsigned char>(m_raw[0]) == 0x1f &&
           static_cast<unsigned char>(m_raw[1]) == 0x8b;
  if (m_gzip) m_inflater = std::make_unique<Inflater>();
}

InputStream::~InputStream() {
  if (m_file) std::fclose(m_file);
}

bool InputStream::refill_raw() {
  if (m_raw_eof) return false;
  m_raw_len = std::fread(m_raw.data(), 1, m_raw.size(), m_file);
  m_raw_pos = 0;
  if (m_raw_len < m_raw.size()) {
    m_raw_eof = true;
    if (std::ferror(m_file)) {
      m_read_failed = true;
      if (m_error.empty()) m_error = std::string("read error: ") + std::strerror(errno);
    }
  }
  m_sha.update(std::string_view(m_raw.data(), m_raw_len));
  return m_raw_len > 0;
}

std::size_t InputStream::read(char* out, std::size_t n) {
  if (m_done || n == 0) return 0;
  if (!m_gzip) {
    std::size_t got = 0;
    while (got < n) {
      if (m_raw_pos == m_raw_len && !refill_raw()) break;
      const std::size_t take = std::min(n - got, m_raw_len - m_raw_pos);
      std::memcpy(out + got, m_raw.data() + m_raw_pos, take);
      m_raw_pos += take;
      m_raw_read += take;
      got += take;
    }
    if (got == 0) m_done = true;
    return got;
  }
  z_stream& z = m_inflater->z;
  z.next_out = reinterpret_cast<Bytef*>(out);
  z.avail_out = static_cast<uInt>(n);
  while (z.avail_out > 0) {
    if (m_raw_pos == m_raw_len && !refill_raw()) {
      // No more raw bytes: fine between members, truncation inside one.
      if (!m_inflater->member_done && m_error.empty())
        m_error = "gzip stream truncated (compressed offset " + std::to_string(m_raw_read) + ")";
      m_done = true;
      break;
    }
    if (m_inflater->member_done) {
      // Another member follows: gzip files may be concatenated (.warc.gz: one per record).
      inflateReset(&z);
      m_inflater->member_done = false;
    }
    z.next_in = reinterpret_cast<Bytef*>(m_raw.data() + m_raw_pos);
    z.avail_in = static_cast<uInt>(m_raw_len - m_raw_pos);
    const int rc = inflate(&z, Z_NO_FLUSH);
    const std::size_t used = (m_raw_len - m_raw_pos) - z.avail_in;
    m_raw_pos += used;
    m_raw_read += used;
    if (rc == Z_STREAM_END) {
      m_inflater->member_done = true;
    } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
      m_error = "corrupt gzip data (compressed offset " + std::to_string(m_raw_read) +
                "): " + (z.msg ? z.msg : "inflate error " + std::to_string(rc));
      m_done = true;
      break;
    }
  }
  return n - z.avail_out;
}

std::string InputStream::finish_sha256() {
  while (refill_raw()) {
  }
  if (m_read_failed) return {};
  return m_sha.hex_digest();
}

// ---- BufferedReader -------------------------------------------------------------------

bool BufferedReader::fill(std::size_t want) {
  while (m_buf.size() - m_pos < want && !m_eof) {
    if (m_pos > 0 && m_pos >= m_buf.size() / 2) {
      m_buf.erase(0, m_pos);
      m_pos = 0;
    }
    const std::size_t old = m_buf.size();
    m_buf.resize(old + buffer_chunk);
    const std::size_t got = m_in.read(m_buf.data() + old, buffer_chunk);
    m_buf.resize(old + got);
    if (got == 0) m_eof = true;
  }
  return m_buf.size() - m_pos >= want;
}

bool BufferedReader::at_end() { return !fill(1); }

bool BufferedReader::read_until(std::string_view pattern, std::string* out, std::size_t limit, bool* overflow) {
  auto keep = [&](std::size_t n) {
    if (!out || n == 0) return;
    const std::size_t room = out->size() < limit ? limit - out->size() : 0;
    if (n > room && overflow) *overflow = true;
    out->append(m_buf, m_pos, std::min(n, room));
  };
  while (true) {
    fill(pattern.size());
    const std::string_view avail(m_buf.data() + m_pos, m_buf.size() - m_pos);
    const std::size_t hit = avail.find(pattern);
    if (hit != std::string_view::npos) {
      keep(hit);
      consume(hit + pattern.size());
      return true;
    }
    if (m_eof) {
      keep(avail.size());
      consume(avail.size());
      return false;
    }
    // Keep the last pattern.size()-1 bytes: the pattern may straddle the next chunk.
    const std::size_t safe = avail.size() >= pattern.size() ? avail.size() - pattern.size() + 1 : 0;
    keep(safe);
    consume(safe);
    fill(m_buf.size() - m_pos + buffer_chunk);
  }
}

std::uint64_t BufferedReader::read_exact(std::uint64_t n, std::string* out, std::size_t limit) {
  std::uint64_t done = 0;
  while (done < n) {
    if (m_pos == m_buf.size() && !fill(1)) break;
    const std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(n - done, m_buf.size() - m_pos));
    if (out && out->size() < limit) out->append(m_buf, m_pos, std::min(take, limit - out->size()));
    consume(take);
    done += take;
  }
  return done;
}

bool BufferedReader::read_line(std::string& out, std::size_t limit) {
  out.clear();
  if (at_end()) return false;
  bool overflow = false;
  read_until("\n", &out, limit, &overflow);
  if (!out.empty() && out.back() == '\r') out.pop_back();
  return true;
}

int BufferedReader::skip_whitespace() {
  while (fill(1)) {
    const unsigned char c = static_cast<unsigned char>(m_buf[m_pos]);
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v') return c;
    consume(1);
  }
  return -1;
}

std::string_view BufferedReader::peek(std::size_t n) {
  fill(n);
  return std::string_view(m_buf.data() + m_pos, std::min(n, m_buf.size() - m_pos));
}

bool BufferedReader::starts_with(std::string_view prefix) {
  if (!fill(prefix.size())) return false;
  return std::string_view(m_buf.data() + m_pos, prefix.size()) == prefix;
}

}  // namespace boilerdex::indexer::detail
