#include "boilerdex/plugin/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

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

void write_file_atomically(const std::filesystem::path& target, std::string_view text) {
  std::filesystem::path temp;
  const int fd = create_temp_beside(target, temp);
  if (fd < 0)
    throw InputError(target.string(), InputError::npos,
                     std::string("cannot create a temporary file beside it: ") + std::strerror(errno));
  const auto fail = [&](const char* what, int err) {
    ::unlink(temp.c_str());
    throw InputError(target.string(), InputError::npos, std::string(what) + ": " + std::strerror(err));
  };
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      fail("cannot write output file", err);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) fail("cannot write output file", errno);
  if (std::rename(temp.c_str(), target.c_str()) != 0) fail("cannot write output file", errno);
}

}  // namespace boilerdex::plugin
