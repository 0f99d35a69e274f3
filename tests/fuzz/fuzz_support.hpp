#pragma once
// Shared helpers of the libFuzzer targets (tests/fuzz/fuzz_*.cpp). Each target defines
// LLVMFuzzerTestOneInput; with -DBOILERDEX_BUILD_FUZZERS=ON it links libFuzzer, otherwise
// replay_main.cpp runs it once per file of its corpus (a ctest regression test).
//
// A target fails by aborting: an exception its contract does not allow escapes (and
// std::terminate aborts), a sanitizer fires, or check() finds a broken invariant.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace boilerdex::fuzz {

/// The fuzzer's bytes as a view (valid for the call of LLVMFuzzerTestOneInput).
inline std::string_view bytes(const std::uint8_t* data, std::size_t size) noexcept {
  return {reinterpret_cast<const char*>(data), size};
}

/// Aborts with \p what when \p ok is false: an invariant the code under test promises.
inline void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
  std::abort();
}

/// Splits an optional first line "!VALUE\n" (at most \p max_value bytes) off \p input:
/// targets use it for a side parameter (a declared charset, a Content-Type) so that one
/// corpus file carries both. Returns VALUE; \p input keeps the rest.
inline std::string_view take_parameter_line(std::string_view& input, std::size_t max_value = 64) {
  if (input.empty() || input.front() != '!') return {};
  const std::size_t eol = input.find('\n');
  if (eol == std::string_view::npos || eol - 1 > max_value) return {};
  const std::string_view value = input.substr(1, eol - 1);
  input.remove_prefix(eol + 1);
  return value;
}

/// True when \p s is well-formed UTF-8 (no overlongs, surrogates or code points past
/// U+10FFFF), as Unicode 15 §3.9 Table 3-7 defines it.
inline bool is_valid_utf8(std::string_view s) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* end = p + s.size();
  while (p < end) {
    const unsigned c = *p;
    if (c < 0x80) { ++p; continue; }
    std::size_t n = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) n = 1;
    else if (c == 0xE0) { n = 2; lo = 0xA0; }
    else if (c == 0xED) { n = 2; hi = 0x9F; }
    else if (c >= 0xE1 && c <= 0xEF) n = 2;
    else if (c == 0xF0) { n = 3; lo = 0x90; }
    else if (c == 0xF4) { n = 3; hi = 0x8F; }
    else if (c >= 0xF1 && c <= 0xF3) n = 3;
    else return false;
    if (static_cast<std::size_t>(end - p) <= n) return false;
    if (p[1] < lo || p[1] > hi) return false;
    for (std::size_t i = 2; i <= n; ++i)
      if (p[i] < 0x80 || p[i] > 0xBF) return false;
    p += n + 1;
  }
  return true;
}

/// The input as a file the collection readers can open by path, without touching the
/// disk: an anonymous memory file named /proc/self/fd/N. Closed on destruction.
class MemoryFile {
 public:
  explicit MemoryFile(std::string_view contents) {
    m_fd = memfd_create("boilerdex-fuzz", MFD_CLOEXEC);
    check(m_fd >= 0, "memfd_create failed");
    std::size_t done = 0;
    while (done < contents.size()) {
      const ssize_t n = ::write(m_fd, contents.data() + done, contents.size() - done);
      check(n > 0, "write to memfd failed");
      done += static_cast<std::size_t>(n);
    }
    m_path = "/proc/self/fd/" + std::to_string(m_fd);
  }
  ~MemoryFile() { ::close(m_fd); }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;

  [[nodiscard]] const std::string& path() const noexcept { return m_path; }

 private:
  int m_fd = -1;
  std::string m_path;
};

}  // namespace boilerdex::fuzz
