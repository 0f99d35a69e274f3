#include "boilerdex/plugin/file_bytes.hpp"

#include <zlib.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include "boilerdex/plugin/input_error.hpp"

namespace boilerdex::plugin {

namespace fs = std::filesystem;

std::string read_file_bytes(const fs::path& path) {
  const std::string name = path.string();
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError(name, InputError::npos, "is a directory, not a file");
  if (path.extension() == ".gz") {
    gzFile in = gzopen(name.c_str(), "rb");
    if (in == nullptr) throw InputError(name, InputError::npos, std::strerror(errno));
    std::string out;
    std::array<char, 1 << 16> buffer{};
    for (;;) {
      const int n = gzread(in, buffer.data(), static_cast<unsigned>(buffer.size()));
      if (n < 0) {
        int code = 0;
        const std::string message = gzerror(in, &code);
        const auto offset = static_cast<std::uint64_t>(gzoffset(in));
        gzclose(in);
        throw InputError(name, offset, "gzip: " + message);
      }
      if (n == 0) break;
      out.append(buffer.data(), static_cast<std::size_t>(n));
    }
    gzclose(in);
    return out;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(name, InputError::npos, std::strerror(errno));
  std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError(name, InputError::npos, "read error");
  return out;
}

}  // namespace boilerdex::plugin
