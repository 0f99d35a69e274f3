#include "json_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/plugin/atomic_file.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "boilerdex/plugin/input_error.hpp"

namespace boilerdex::indexer::detail {

nlohmann::json read_json_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IndexError(path.string() + ": cannot open (" + std::strerror(errno) + ")");
  std::ostringstream ss;
  ss << in.rdbuf();
  try {
    return nlohmann::json::parse(ss.str());
  } catch (const nlohmann::json::exception& e) {
    throw IndexError(path.string() + ": malformed JSON: " + e.what());
  }
}

AtomicFile::AtomicFile(std::filesystem::path path) : m_path(std::move(path)) {
  m_fd = plugin::create_temp_beside(m_path, m_tmp);
  if (m_fd < 0) throw IndexError(m_tmp.string() + ": cannot create (" + std::strerror(errno) + ")");
}

AtomicFile::~AtomicFile() {
  if (m_fd < 0) return;
  ::close(m_fd);
  ::unlink(m_tmp.c_str());
}

void AtomicFile::write(std::string_view text) {
  m_buffer.append(text);
  if (m_buffer.size() >= (64u << 10)) flush();
}

void write_all(int fd, std::string& buffer, const std::filesystem::path& path) {
  std::size_t done = 0;
  while (done < buffer.size()) {
    const ssize_t n = ::write(fd, buffer.data() + done, buffer.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      buffer.erase(0, done);
      throw IndexError(path.string() + ": write failed (" + std::strerror(err) + ")");
    }
    done += static_cast<std::size_t>(n);
  }
  buffer.clear();
}

void AtomicFile::flush() { write_all(m_fd, m_buffer, m_tmp); }

void AtomicFile::commit() {
  flush();
  const int fd = m_fd;
  m_fd = -1;
  if (::fsync(fd) != 0) {
    const int err = errno;
    ::close(fd);
    ::unlink(m_tmp.c_str());
    throw IndexError(m_tmp.string() + ": cannot flush (" + std::strerror(err) + ")");
  }
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(m_tmp.c_str());
    throw IndexError(m_tmp.string() + ": cannot flush (" + std::strerror(err) + ")");
  }
  if (std::rename(m_tmp.c_str(), m_path.c_str()) != 0) {
    const int err = errno;
    ::unlink(m_tmp.c_str());
    throw IndexError(m_path.string() + ": cannot replace (" + std::strerror(err) + ")");
  }
}

std::string dump_json(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

void put_bytes(nlohmann::json& object, const std::string& key, std::string_view bytes) {
  if (plugin::is_valid_utf8(bytes)) {
    object[key] = bytes;
    return;
  }
  object[key] = plugin::utf8_or_replacement(bytes);
  object[key + "_hex"] = plugin::to_hex(bytes);
}

std::string get_bytes(const nlohmann::json& object, const std::string& key) {
  if (const auto hex = object.find(key + "_hex"); hex != object.end()) {
    try {
      return plugin::from_hex(hex->get<std::string>());
    } catch (const InputError& e) {  // as a JSON error, so callers name the file
      throw nlohmann::json::other_error::create(599, "\"" + key + "_hex\": " + e.what(), nullptr);
    }
  }
  return object.at(key).get<std::string>();
}

void write_json_file(const std::filesystem::path& path, const nlohmann::json& j) {
  AtomicFile file(path);
  file.write(dump_json(j, 2));
  file.write("\n");
  file.commit();
}

std::string now_iso8601() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

nlohmann::json fit_to_json(const AutoThresholdFit& f) {
  return {{"sample_documents", f.sample_documents}, {"blocks", f.blocks}, {"weight_short", f.weight_short},
          {"p_short", f.p_short}, {"p_long", f.p_long}, {"r_squared_adjusted", f.r_squared_adjusted},
          {"rmse", f.rmse}, {"threshold", f.threshold}};
}

AutoThresholdFit fit_from_json(const nlohmann::json& j) {
  return AutoThresholdFit{j.at("sample_documents").get<std::uint64_t>(), j.at("blocks").get<std::uint64_t>(),
                          j.at("weight_short").get<double>(),            j.at("p_short").get<double>(),
                          j.at("p_long").get<double>(),                  j.at("r_squared_adjusted").get<double>(),
                          j.at("rmse").get<double>(),                    j.at("threshold").get<int>()};
}

}  // namespace boilerdex::indexer::detail
