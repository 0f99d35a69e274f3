#include "boilerdex/plugin/page_extractor_batch.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>
#include <utility>

#include "boilerdex/config/error.hpp"
#include "boilerdex/config/progress_line.hpp"
#include "boilerdex/plugin/atomic_file.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "gumbo_guard_internal.hpp"
#include "boilerdex/plugin/input_error.hpp"

namespace boilerdex::plugin {
namespace {

namespace fs = std::filesystem;

constexpr std::array<std::string_view, 4> k_page_suffixes = {".html.gz", ".htm.gz", ".html",
                                                             ".htm"};

bool ends_with_icase(std::string_view s, std::string_view suffix) noexcept {
  if (s.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(),
                    s.end() - static_cast<std::ptrdiff_t>(suffix.size()),
                    [](char a, char b) { return a == (b >= 'A' && b <= 'Z' ? b + 32 : b); });
}

std::string read_stream(std::istream& in, const std::string& path) {
  std::string bytes;
  std::array<char, 1 << 16> buf;
  while (in.read(buf.data(), buf.size()) || in.gcount() > 0) {
    bytes.append(buf.data(), static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > k_max_page_bytes) {
      throw InputError(path, InputError::npos,
                       "page larger than " + std::to_string(k_max_page_bytes >> 20) + " MiB");
    }
  }
  if (in.bad()) throw InputError(path, bytes.size(), "read error");
  return bytes;
}

std::string gunzip(std::string_view data, const std::string& path) {
  z_stream zs{};
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
    throw InputError(path, 0, "cannot initialise zlib");
  struct Guard {
    z_stream* z;
    ~Guard() { inflateEnd(z); }
  } guard{&zs};
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  std::string out;
  std::array<char, 1 << 16> buf;
  for (;;) {
    zs.next_out = reinterpret_cast<Bytef*>(buf.data());
    zs.avail_out = static_cast<uInt>(buf.size());
    const int rc = inflate(&zs, Z_NO_FLUSH);
    out.append(buf.data(), buf.size() - zs.avail_out);
    if (out.size() > k_max_page_bytes) {
      throw InputError(
          path, zs.total_in,
          "page larger than " + std::to_string(k_max_page_bytes >> 20) + " MiB decompressed");
    }
    const std::uint64_t offset = data.size() - zs.avail_in;
    if (rc == Z_STREAM_END) {
      if (zs.avail_in == 0) return out;
      // Another gzip member follows (as `cat a.gz b.gz` makes).
      if (inflateReset(&zs) != Z_OK) throw InputError(path, offset, "cannot reset zlib");
      continue;
    }
    if (rc == Z_BUF_ERROR || (rc == Z_OK && zs.avail_in == 0 && zs.avail_out != 0)) {
      throw InputError(path, offset, "truncated gzip data");
    }
    if (rc != Z_OK) {
      throw InputError(
          path, offset,
          std::string("corrupt gzip data: ") + (zs.msg ? zs.msg : "error " + std::to_string(rc)));
    }
  }
}

}  // namespace

std::string limits_notice(std::string_view page, std::size_t page_bytes, const SegmentStats& stats,
                          const SegmentLimits& limits) {
  std::string what;
  const auto add = [&](const std::string& part) { what += (what.empty() ? "" : "; ") + part; };
  if (stats.truncated_input)
    add("only part of its " + std::to_string(page_bytes) + " bytes was read (at most max_input_bytes = " +
        std::to_string(limits.max_input_bytes) + " bytes and " + std::to_string(detail::k_max_parse_tags) +
        " tags)");
  if (stats.blocks_limited)
    add("blocks after the first " + std::to_string(limits.max_blocks) + " were dropped (max_blocks)");
  if (stats.truncated_blocks > 0)
    add(std::to_string(stats.truncated_blocks) + " block(s) cut at " + std::to_string(limits.max_block_bytes) +
        " bytes (max_block_bytes)");
  if (stats.depth_limited)
    add("nesting deeper than " + std::to_string(limits.max_depth) + " was flattened, its text kept (max_depth)");
  if (what.empty()) return what;
  return printable_bytes(page) + ": page hit a limit: " + what;
}

bool is_page_file_name(std::string_view name) noexcept {
  return std::any_of(k_page_suffixes.begin(), k_page_suffixes.end(), [&](std::string_view s) {
    return name.size() > s.size() && ends_with_icase(name, s);
  });
}

std::string output_name_for(std::string_view path) {
  if (path == "-") return "stdin";
  std::string file = fs::path(path).filename().string();
  std::string name = file;
  for (const auto suffix : k_page_suffixes) {
    if (ends_with_icase(name, suffix)) {
      name.resize(name.size() - suffix.size());
      break;
    }
  }
  const auto usable = [](const std::string& n) {
    return !n.empty() && n != "." && n != ".." && n.find('/') == std::string::npos;
  };
  if (usable(name)) return name;
  return usable(file) ? file : "page";
}

std::vector<PageSource> expand_inputs(const std::vector<std::string>& inputs,
                                      std::vector<std::string>& problems) {
  std::vector<PageSource> pages;
  for (const auto& input : inputs) {
    if (input == "-") {
      pages.push_back({input, output_name_for(input)});
      continue;
    }
    std::error_code ec;
    const auto status = fs::status(input, ec);
    if (ec || !fs::exists(status)) {
      problems.push_back(printable_bytes(input) + ": no such file or directory");
      continue;
    }
    if (!fs::is_directory(status)) {
      pages.push_back({input, output_name_for(input)});
      continue;
    }
    std::vector<std::string> found;
    fs::directory_iterator it(input, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
      std::error_code type_ec;
      if (it->is_regular_file(type_ec) && is_page_file_name(it->path().filename().string())) {
        found.push_back(it->path().string());
      }
    }
    if (ec) {
      problems.push_back(printable_bytes(input) + ": cannot list directory: " + ec.message());
      continue;
    }
    if (found.empty()) {
      problems.push_back(printable_bytes(input) + ": no .html, .htm, .html.gz or .htm.gz files in directory");
      continue;
    }
    std::sort(found.begin(), found.end());
    for (auto& path : found) {
      auto name = output_name_for(path);
      pages.push_back({std::move(path), std::move(name)});
    }
  }
  return pages;
}

std::string read_page_bytes(const PageSource& source, std::istream& stdin_stream) {
  std::string bytes;
  if (source.path == "-") {
    bytes = read_stream(stdin_stream, "<stdin>");
  } else {
    std::ifstream f(source.path, std::ios::binary);
    if (!f) throw InputError(source.path, InputError::npos, "cannot open file");
    bytes = read_stream(f, source.path);
  }
  const bool magic = bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
                     static_cast<unsigned char>(bytes[1]) == 0x8b;
  if (magic) return gunzip(bytes, source.path == "-" ? "<stdin>" : source.path);
  if (ends_with_icase(source.path, ".gz"))
    throw InputError(source.path, 0, "not gzip data (no gzip header)");
  return bytes;
}

namespace {

/// The progress line of a batch on err (BatchOptions::progress): pages done, and the bytes of
/// their files of all the pages' files (standard input counts none). report() gives err
/// with the line erased, for a line of its own.
class BatchProgress {
 public:
  BatchProgress(std::ostream& err, bool shown, const std::vector<PageSource>& pages)
      : m_err(err), m_line(err, shown, "pages"), m_start(std::chrono::steady_clock::now()) {
    if (!shown) return;
    m_bytes_before.reserve(pages.size() + 1);
    m_bytes_before.push_back(0);
    for (const PageSource& page : pages) {
      std::error_code ec;
      const std::uintmax_t size = page.path == "-" ? 0 : fs::file_size(page.path, ec);
      m_bytes_before.push_back(m_bytes_before.back() + (ec ? 0 : size));
    }
  }
  BatchProgress(const BatchProgress&) = delete;
  BatchProgress& operator=(const BatchProgress&) = delete;
  ~BatchProgress() {
    try {
      m_line.clear();
    } catch (...) {  // a failing err: nothing to erase then
    }
  }

  /// The first \p done pages are written or failed.
  void show(std::size_t done) {
    if (!m_line.interactive()) return;
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - m_start;
    m_line.update({.items = done,
                   .bytes_done = m_bytes_before[done],
                   .bytes_total = m_bytes_before.back(),
                   .elapsed_seconds = elapsed.count()});
  }

  std::ostream& report() {
    m_line.clear();
    return m_err;
  }

 private:
  std::ostream& m_err;
  config::ProgressLine m_line;
  std::chrono::steady_clock::time_point m_start;
  std::vector<std::uint64_t> m_bytes_before;  // [i]: bytes of pages 0..i-1
};

/// extract_batch with one job: each page is written while it is rendered, straight to
/// \p out or to its output file, never held as text (a page at max_blocks renders to
/// some 200 MB of JSON; issue #16, item 5). Same reports, same order, as with workers.
BatchSummary extract_one_at_a_time(const std::vector<PageSource>& pages, const std::vector<std::string>& early,
                                   const std::string& extension, const Extractor& extractor,
                                   const PageOptions& page_options, const BatchOptions& options, std::istream& in,
                                   std::ostream& out, BatchProgress& progress, BatchSummary summary) {
  const std::string extractor_name = extractor.name();
  for (std::size_t i = 0; i < pages.size(); ++i) {
    progress.show(i);
    const PageSource& page = pages[i];
    std::string failure = early[i];
    std::optional<PageResult> result;
    std::size_t page_bytes = 0;
    if (failure.empty()) {
      try {
        const std::string bytes = read_page_bytes(page, in);  // freed before writing
        require_text(bytes, page.path == "-" ? "<stdin>" : page.path);
        page_bytes = bytes.size();
        result.emplace(extract_page(bytes, extractor, page_options));
      } catch (const InputError& e) {
        failure = e.what();
      } catch (const std::exception& e) {  // std::bad_alloc included: one page's failure
        failure = printable_bytes(page.path) + ": " + e.what();
      }
    }
    if (!failure.empty()) {
      progress.report() << failure << '\n';
      ++summary.failed;
      continue;
    }
    if (const std::string notice =
            limits_notice(page.path == "-" ? "<stdin>" : page.path, page_bytes, result->stats, options.limits);
        !notice.empty()) {
      progress.report() << notice << '\n';
      ++summary.truncated;
    }
    const PageLabel label{page.path, extractor_name};
    try {
      if (options.output_dir.empty()) {
        write_page(out, options.format, *result, label, options.json_blocks, options.structure);
        out.flush();
      } else {
        write_file_atomically(options.output_dir / (page.output_name + extension),
                              [&](std::ostream& file) {
                                write_page(file, options.format, *result, label, options.json_blocks,
                                           options.structure);
                              });
      }
    } catch (const InputError& e) {
      progress.report() << e.what() << '\n';
      ++summary.failed;
      continue;
    } catch (const std::bad_alloc&) {
      progress.report() << printable_bytes(page.path) << ": out of memory while writing\n";
      ++summary.failed;
      continue;
    }
    ++summary.pages;
  }
  return summary;
}

}  // namespace

BatchSummary extract_batch(const std::vector<std::string>& inputs, const BatchOptions& options,
                           std::istream& in, std::ostream& out, std::ostream& err) {
  const auto extractor = make_extractor(options.extractor);
  const std::string extractor_name = extractor->name();
  if (!options.output_dir.empty()) {
    std::error_code ec;
    fs::create_directories(options.output_dir, ec);
    if (ec || !fs::is_directory(options.output_dir)) {
      throw Error(options.output_dir.string() + ": cannot create output directory" +
                  (ec ? ": " + ec.message() : ""));
    }
  }
  BatchSummary summary;
  std::vector<std::string> problems;
  const auto pages = expand_inputs(inputs, problems);
  for (const auto& p : problems) err << p << '\n';
  summary.failed += problems.size();
  if (pages.empty()) return summary;

  BatchProgress progress(err, options.progress, pages);
  const std::string extension(output_extension(options.format));
  // Failures known before any page is read, decided in input order: a second "-", or an
  // output name an earlier input already claimed (never overwrite within a run).
  std::vector<std::string> early(pages.size());
  {
    std::set<std::string> names;
    bool stdin_seen = false;
    for (std::size_t i = 0; i < pages.size(); ++i) {
      if (pages[i].path == "-" && std::exchange(stdin_seen, true)) {
        early[i] = "<stdin>: standard input given more than once";
      } else if (!options.output_dir.empty() &&
                 !names.insert(pages[i].output_name + extension).second) {
        early[i] = printable_bytes(pages[i].path) + ": output " + printable_bytes(pages[i].output_name) + extension +
                   " already written for another input";
      }
    }
  }

  PageOptions page_options;
  page_options.declared_charset = options.declared_charset;
  page_options.read_back_double_encoding = options.read_back_double_encoding;
  page_options.limits = options.limits;
  page_options.keep_parse_blocks = needs_parse_blocks(options.format, options.json_blocks);
  page_options.read_metadata = options.format == OutputFormat::Json || options.format == OutputFormat::Html ||
                               options.format == OutputFormat::Xml;
  page_options.page_url = options.structure.base_url;  // --url
  // Renders \p page into \p text; \p notice gets limits_notice's line when the page hit a
  // segmenter limit (every format: text and blocks would otherwise lose text silently).
  const auto render = [&](const PageSource& page, std::string& text, std::string& notice) {
    const std::string bytes = read_page_bytes(page, in);
    require_text(bytes, page.path == "-" ? "<stdin>" : page.path);
    const PageResult result = extract_page(bytes, *extractor, page_options);
    std::ostringstream rendered;
    write_page(rendered, options.format, result, PageLabel{page.path, extractor_name},
               options.json_blocks, options.structure);
    text = std::move(rendered).str();
    notice = limits_notice(page.path == "-" ? "<stdin>" : page.path, bytes.size(), result.stats, options.limits);
  };

  std::size_t jobs =
      options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  jobs = std::min(jobs, pages.size());
  if (jobs == 1) return extract_one_at_a_time(pages, early, extension, *extractor, page_options, options, in, out,
                                              progress, summary);

  // Workers render pages in any order, at most `window` ahead of the writer; this thread
  // writes them in input order, so output does not depend on the number of jobs.
  const std::size_t window = 4 * jobs;
  struct Outcome {
    bool done = false;
    bool ok = false;
    std::string text;    // the rendered page, or the failure's message
    std::string notice;  // the limits the page hit, when any
  };
  std::vector<Outcome> outcomes(pages.size());
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t next_job = 0;
  std::size_t next_write = 0;
  bool stop = false;
  const auto work = [&] {
    for (;;) {
      std::size_t i = 0;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] {
          return stop || next_job >= pages.size() || next_job < next_write + window;
        });
        if (stop || next_job >= pages.size()) return;
        i = next_job++;
      }
      Outcome o;
      if (!early[i].empty()) {
        o.text = early[i];
      } else {
        try {
          render(pages[i], o.text, o.notice);
          o.ok = true;
        } catch (const InputError& e) {
          o.text = e.what();
        } catch (const std::exception& e) {  // std::bad_alloc included: one page's failure
          o.text = printable_bytes(pages[i].path) + ": " + e.what();
        }
      }
      o.done = true;
      {
        std::lock_guard lock(mutex);
        outcomes[i] = std::move(o);
      }
      changed.notify_all();
    }
  };
  std::vector<std::jthread> workers;
  // Declared after the workers, so it is destroyed first on the way out: it releases any
  // worker waiting for the writer before the jthreads are joined (also when writing or
  // starting a thread throws).
  struct Release {
    std::mutex& m;
    std::condition_variable& cv;
    bool& stop;
    ~Release() {
      {
        std::lock_guard lock(m);
        stop = true;
      }
      cv.notify_all();
    }
  };
  const Release release{mutex, changed, stop};
  for (std::size_t j = 0; j < jobs; ++j) workers.emplace_back(work);
  for (std::size_t i = 0; i < pages.size(); ++i) {
    progress.show(i);
    Outcome o;
    {
      std::unique_lock lock(mutex);
      changed.wait(lock, [&] { return outcomes[i].done; });
      o = std::move(outcomes[i]);
      next_write = i + 1;
    }
    changed.notify_all();
    if (!o.ok) {
      progress.report() << o.text << '\n';
      ++summary.failed;
      continue;
    }
    if (!o.notice.empty()) {
      progress.report() << o.notice << '\n';
      ++summary.truncated;
    }
    if (options.output_dir.empty()) {
      out << o.text;
      out.flush();
    } else {
      try {
        write_file_atomically(options.output_dir / (pages[i].output_name + extension), o.text);
      } catch (const InputError& e) {
        progress.report() << e.what() << '\n';
        ++summary.failed;
        continue;
      }
    }
    ++summary.pages;
  }
  return summary;
}

}  // namespace boilerdex::plugin
