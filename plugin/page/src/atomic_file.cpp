#include "boilerdex/plugin/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <array>
#include <fstream>
#include <random>
#include <streambuf>
#include <string>
#include <vector>

#include "boilerdex/plugin/input_error.hpp"

namespace boilerdex::plugin {

int create_temp_beside(const std::filesystem::path& target, std::filesystem::path& temp) noexcept {
  try {
    thread_local std::mt19937_64 random{std::random_device{}() ^ static_cast<std::uint64_t>(::getpid())};
    const std::filesystem::path dir = target.parent_path();
    const std::string name = target.filename().string();
    for (int attempt = 0; attempt < 100; ++attempt) {
      char suffix[24];
      std::snprintf(suffix, sizeof suffix, ".%08llx.tmp", static_cast<unsigned long long>(random() & 0xFFFFFFFFu));
      temp = dir / ("." + name + suffix);
      // O_EXCL with O_CREAT never follows a symlink at the name (POSIX); O_NOFOLLOW says so
      // twice for systems that read the two apart.
      const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
      if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
  } catch (...) {  // std::bad_alloc building a name
    errno = ENOMEM;
    return -1;
  }
}

namespace {

// An output stream buffer over a file descriptor: 64 KiB buffered, EINTR and short
// writes retried; a failed write() sets the stream's badbit and keeps errno in err.
class FdBuffer final : public std::streambuf {
 public:
  explicit FdBuffer(int fd) : m_fd(fd), m_buffer(64u << 10) { setp(m_buffer.data(), m_buffer.data() + m_buffer.size()); }
  int err = 0;

 protected:
  int_type overflow(int_type c) override {
    if (sync() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override {
    const char* p = pbase();
    while (p < pptr()) {
      const ssize_t n = ::write(m_fd, p, static_cast<std::size_t>(pptr() - p));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        err = errno;
        return -1;
      }
      p += n;
    }
    setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
    return 0;
  }

 private:
  int m_fd;
  std::vector<char> m_buffer;
};

/// True when the files at \p a and \p b hold the same bytes (false when either is unreadable).
bool same_bytes(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::ifstream x(a, std::ios::binary), y(b, std::ios::binary);
  if (!x || !y) return false;
  std::array<char, 65536> p{}, q{};
  while (true) {
    x.read(p.data(), p.size());
    y.read(q.data(), q.size());
    if (x.gcount() != y.gcount() || !std::equal(p.begin(), p.begin() + x.gcount(), q.begin())) return false;
    if (x.gcount() == 0 || !x || !y) return x.eof() && y.eof() && !x.bad() && !y.bad();
  }
}

}  // namespace

bool write_file_atomically(const std::filesystem::path& target, const std::function<void(std::ostream&)>& write,
                           bool keep_unchanged) {
  std::filesystem::path temp;
  const int fd = create_temp_beside(target, temp);
  if (fd < 0)
    throw InputError(target.string(), InputError::npos,
                     std::string("cannot create a temporary file beside it: ") + std::strerror(errno));
  struct Cleanup {  // until renamed: close and remove the temporary on any way out
    int fd;
    const std::filesystem::path& temp;
    bool done = false;
    ~Cleanup() {
      if (done) return;
      if (fd >= 0) ::close(fd);
      ::unlink(temp.c_str());
    }
  } cleanup{fd, temp};
  FdBuffer buffer(fd);
  std::ostream out(&buffer);
  write(out);
  out.flush();
  if (!out) throw InputError(target.string(), InputError::npos, std::string("cannot write output file: ") + std::strerror(buffer.err));
  cleanup.fd = -1;
  if (::close(fd) != 0) throw InputError(target.string(), InputError::npos, std::string("cannot write output file: ") + std::strerror(errno));
  if (keep_unchanged && same_bytes(temp, target)) return false;  // cleanup removes the temporary
  if (std::rename(temp.c_str(), target.c_str()) != 0)
    throw InputError(target.string(), InputError::npos, std::string("cannot write output file: ") + std::strerror(errno));
  cleanup.done = true;
  return true;
}

void write_file_atomically(const std::filesystem::path& target, std::string_view text) {
  write_file_atomically(target, [&](std::ostream& out) { out.write(text.data(), static_cast<std::streamsize>(text.size())); });
}

}  // namespace boilerdex::plugin
