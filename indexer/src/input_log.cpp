#include "input_log.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boilerdex/indexer/index_error.hpp"
#include "json_file.hpp"

namespace boilerdex::indexer::detail {

InputLog::InputLog(std::filesystem::path path, std::uint64_t lines, std::uint64_t bytes)
    : m_path(std::move(path)), m_lines(lines), m_bytes(bytes) {
  const std::string name = m_path.string();
  // Reopened on --resume, so not O_EXCL; O_NOFOLLOW: a symlink planted at the name is
  // refused (ELOOP), never written through.
  m_fd = ::open(m_path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (m_fd < 0) throw IndexError(name + ": cannot open (" + std::strerror(errno) + ")");
  struct stat st {};
  char last = '\n';
  const bool ok = ::fstat(m_fd, &st) == 0 && static_cast<std::uint64_t>(st.st_size) >= bytes &&
                  (bytes == 0 || ::pread(m_fd, &last, 1, static_cast<off_t>(bytes - 1)) == 1) && last == '\n';
  if (!ok) {
    ::close(m_fd);
    m_fd = -1;
    throw IndexError(name + ": holds less than the " + std::to_string(lines) +
                     " finished inputs state.json records (lost in a crash?); use --overwrite");
  }
  if (::ftruncate(m_fd, static_cast<off_t>(bytes)) != 0 || ::lseek(m_fd, 0, SEEK_END) < 0) {
    const int err = errno;
    ::close(m_fd);
    m_fd = -1;
    throw IndexError(name + ": cannot truncate (" + std::strerror(err) + ")");
  }
}

InputLog::~InputLog() {
  if (m_fd >= 0) ::close(m_fd);
}

void InputLog::append(const ManifestInput& input) {
  const std::size_t before = m_buffer.size();
  m_buffer += dump_json(input_to_json(input));
  m_buffer += '\n';
  m_bytes += m_buffer.size() - before;
  ++m_lines;
  if (m_buffer.size() >= (64u << 10)) flush(false);
}

void InputLog::flush(bool sync) {
  write_all(m_fd, m_buffer, m_path);
  if (sync && ::fsync(m_fd) != 0) throw IndexError(m_path.string() + ": cannot sync (" + std::strerror(errno) + ")");
}

}  // namespace boilerdex::indexer::detail
