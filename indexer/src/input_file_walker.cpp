#include <algorithm>
#include <cerrno>
#include <cctype>
#include <limits>
#include <string_view>
#include <system_error>

#include <sys/stat.h>

#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/plugin/input_error.hpp"

namespace boilerdex::indexer {
namespace fs = std::filesystem;

namespace {

bool is_html_file_name(std::string_view name) {
  const auto ends = [&](std::string_view suffix) {
    if (name.size() <= suffix.size()) return false;
    const std::string_view tail = name.substr(name.size() - suffix.size());
    return std::equal(tail.begin(), tail.end(), suffix.begin(),
                      [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
  };
  return ends(".html") || ends(".htm") || ends(".html.gz") || ends(".htm.gz");
}

}  // namespace

/// One directory the walk is inside: its listing, sorted, and where the walk stands in it.
struct InputFileWalker::Directory {
  fs::path path;
  std::string relative;  // from the input directory: "" or "a/b/"
  std::string names;     // the entries back to back; a directory's name ends in '/'
  std::vector<std::pair<std::uint32_t, std::uint32_t>> entries;  // (offset, length) in names, sorted
  std::size_t next = 0;
  dev_t device = 0;  // identify the directory, to recognise a symbolic-link loop
  ino_t inode = 0;
};

InputFileWalker::InputFileWalker(std::vector<fs::path> inputs, InputFormat format)
    : m_inputs(std::move(inputs)), m_format(format) {}
InputFileWalker::~InputFileWalker() = default;
InputFileWalker::InputFileWalker(InputFileWalker&&) noexcept = default;
InputFileWalker& InputFileWalker::operator=(InputFileWalker&&) noexcept = default;

std::uint64_t InputFileWalker::count() const noexcept { return m_count; }

void InputFileWalker::enter(const fs::path& dir, std::string relative) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0)
    throw InputError(dir.string(), InputError::npos, "cannot list directory: " + std::generic_category().message(errno));
  for (const Directory& d : m_stack)
    if (d.device == st.st_dev && d.inode == st.st_ino) return;  // a link back up: already being walked
  Directory d;
  d.path = dir;
  d.relative = std::move(relative);
  d.device = st.st_dev;
  d.inode = st.st_ino;
  std::error_code ec;
  fs::directory_iterator it(dir, ec), end;
  if (ec) throw InputError(dir.string(), InputError::npos, "cannot list directory: " + ec.message());
  for (; it != end; it.increment(ec)) {
    if (ec) throw InputError(dir.string(), InputError::npos, "cannot list directory: " + ec.message());
    const std::string name = it->path().filename().string();
    std::error_code type_ec;  // a dangling link or an entry gone since: not an input
    const bool directory = it->is_directory(type_ec);
    if (!directory && !it->is_regular_file(type_ec)) continue;
    if (!directory && m_format == InputFormat::Files && !is_html_file_name(name)) continue;
    const std::size_t offset = d.names.size(), length = name.size() + (directory ? 1 : 0);
    if (offset + length > std::numeric_limits<std::uint32_t>::max())
      throw InputError(dir.string(), InputError::npos, "cannot list directory: more than 4 GB of names");
    d.names += name;
    if (directory) d.names += '/';
    d.entries.emplace_back(static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(length));
  }
  // Sorting "name/" for a directory orders the walk as the relative paths sort as strings:
  // "a/b.html" after "a-b.html" and "a.html", as '/' sorts after '-' and '.'.
  const std::string_view names = d.names;
  std::sort(d.entries.begin(), d.entries.end(),
            [names](const auto& x, const auto& y) { return names.substr(x.first, x.second) < names.substr(y.first, y.second); });
  m_stack.push_back(std::move(d));
}

bool InputFileWalker::next(InputFile& file) {
  while (true) {
    if (m_stack.empty()) {
      if (m_next_input == m_inputs.size()) return false;
      const fs::path& input = m_inputs[m_next_input++];
      std::error_code ec;
      const fs::file_status st = fs::status(input, ec);
      if (ec || !fs::exists(st)) throw InputError(input.string(), InputError::npos, "no such file or directory");
      if (fs::is_directory(st)) {
        enter(input, {});
        continue;
      }
      file.path = input;
      file.docno = input.filename().string();
      file.bytes = fs::file_size(input, ec);
      ++m_count;
      return true;
    }
    Directory& d = m_stack.back();
    if (d.next == d.entries.size()) {
      m_stack.pop_back();
      continue;
    }
    const auto [offset, length] = d.entries[d.next++];
    const std::string_view entry = std::string_view(d.names).substr(offset, length);
    if (entry.back() == '/') {
      const fs::path sub = d.path / entry.substr(0, entry.size() - 1);
      enter(sub, d.relative + std::string(entry));  // may move d
      continue;
    }
    file.path = d.path / entry;
    file.docno.assign(d.relative).append(entry);
    std::error_code ec;
    file.bytes = fs::file_size(file.path, ec);
    ++m_count;
    return true;
  }
}

std::vector<InputFile> list_input_files(const std::vector<fs::path>& inputs, InputFormat format) {
  std::vector<InputFile> out;
  InputFileWalker walker(inputs, format);
  for (InputFile f; walker.next(f);) out.push_back(f);
  return out;
}

}  // namespace boilerdex::indexer
