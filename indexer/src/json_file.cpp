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

void write_json_file(const std::filesystem::path& path, const nlohmann::json& j) {
  const std::string text = j.dump(2) + "\n";
  const std::filesystem::path tmp = path.string() + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw IndexError(tmp.string() + ": cannot create (" + std::strerror(errno) + ")");
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      throw IndexError(tmp.string() + ": write failed (" + std::strerror(err) + ")");
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0)
    throw IndexError(tmp.string() + ": cannot flush (" + std::strerror(errno) + ")");
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw IndexError(path.string() + ": cannot replace (" + std::strerror(errno) + ")");
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
