#include <zlib.h>

#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/page_extractor_batch.hpp"

using namespace boilerdex::plugin;
namespace fs = std::filesystem;

namespace {

const std::string k_pages = std::string(BOILERDEX_FIXTURES_DIR) + "/plugin/pages";

// A fresh empty directory under the build tree, removed at the end of the test.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name)
      : path(fs::path(BOILERDEX_BINARY_DIR) / "test-tmp" / ("batch-" + name)) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// \p bytes zero bytes as one gzip member (about a thousandth of that in size).
std::string gzip_of_zeros(std::size_t bytes) {
  z_stream zs{};
  BOOST_REQUIRE(deflateInit2(&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY) == Z_OK);
  const std::string zeros(std::size_t{1} << 20, '\0');
  std::string out;
  std::string buf(std::size_t{1} << 16, '\0');
  std::size_t left = bytes;
  int rc = Z_OK;
  do {
    const std::size_t n = std::min(left, zeros.size());
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(zeros.data()));
    zs.avail_in = static_cast<uInt>(n);
    left -= n;
    do {
      zs.next_out = reinterpret_cast<Bytef*>(buf.data());
      zs.avail_out = static_cast<uInt>(buf.size());
      rc = deflate(&zs, left == 0 ? Z_FINISH : Z_NO_FLUSH);
      out.append(buf.data(), buf.size() - zs.avail_out);
    } while (zs.avail_out == 0);
  } while (left > 0);
  deflateEnd(&zs);
  BOOST_REQUIRE(rc == Z_STREAM_END);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(page_extractor_batch)

BOOST_AUTO_TEST_CASE(output_names) {
  BOOST_TEST(output_name_for("a/b/page.html") == "page");
  BOOST_TEST(output_name_for("page.HTM") == "page");
  BOOST_TEST(output_name_for("x/page.html.gz") == "page");
  BOOST_TEST(output_name_for("x/page.htm.gz") == "page");
  BOOST_TEST(output_name_for("x/page.txt") == "page.txt");
  BOOST_TEST(output_name_for("-") == "stdin");
  BOOST_TEST(output_name_for("x/.html") == ".html");  // nothing left: the whole name
  BOOST_TEST(output_name_for("x/..") == "page");
  BOOST_TEST(output_name_for("/") == "page");
  BOOST_TEST(is_page_file_name("a.html"));
  BOOST_TEST(is_page_file_name("a.HTML.GZ"));
  BOOST_TEST(!is_page_file_name(".html"));
  BOOST_TEST(!is_page_file_name("a.txt"));
}

BOOST_AUTO_TEST_CASE(directories_expand_sorted_and_problems_are_named) {
  std::vector<std::string> problems;
  const auto pages = expand_inputs({k_pages, "-", k_pages + "/missing.html"}, problems);
  std::vector<std::string> names;
  names.reserve(pages.size());
  for (const auto& p : pages) names.push_back(p.output_name);
  const std::vector<std::string> expected = {"article", "broken", "latin1",
                                             "links",   "zipped", "stdin"};
  BOOST_TEST(names == expected, boost::test_tools::per_element());
  BOOST_REQUIRE(problems.size() == 1u);
  BOOST_TEST(problems[0].find("missing.html") != std::string::npos);
  TempDir empty("empty");
  problems.clear();
  BOOST_TEST(expand_inputs({empty.path.string()}, problems).empty());
  BOOST_TEST(problems.size() == 1u);
}

BOOST_AUTO_TEST_CASE(gzip_pages_and_errors) {
  std::istringstream none;
  const std::string zipped = read_page_bytes({k_pages + "/zipped.html.gz", "zipped"}, none);
  BOOST_TEST(zipped.starts_with("<html><body><p>Gzipped page"));
  BOOST_CHECK_EXCEPTION((void)read_page_bytes({k_pages + "/broken.html.gz", "broken"}, none),
                        boilerdex::InputError, [](const boilerdex::InputError& e) {
                          return e.source().ends_with("broken.html.gz") && e.offset() == 60 &&
                                 std::string(e.what()).find("truncated") != std::string::npos;
                        });
  BOOST_CHECK_THROW((void)read_page_bytes({k_pages + "/missing.html", "missing"}, none),
                    boilerdex::InputError);
  // Two gzip members back to back, from stdin.
  const std::string gz = slurp(k_pages + "/zipped.html.gz");
  std::istringstream twice(gz + gz);
  const std::string both = read_page_bytes({"-", "stdin"}, twice);
  BOOST_TEST(both.size() == 2 * zipped.size());
  TempDir dir("notgz");
  std::ofstream(dir.path / "plain.html.gz") << "<p>not compressed</p>";
  BOOST_CHECK_THROW((void)read_page_bytes({(dir.path / "plain.html.gz").string(), "plain"}, none),
                    boilerdex::InputError);
}

// Large gzip pages: one member of a size that is no multiple of the reading buffer, members of
// megabytes around a small one (read whole and in order), and a page that inflates past
// k_max_page_bytes (a gzip bomb of 256 KB), refused with its file named.
BOOST_AUTO_TEST_CASE(large_gzip_pages_and_the_page_limit) {
  TempDir dir("gzsize");
  std::istringstream none;
  const fs::path one = dir.path / "one.html.gz";
  std::ofstream(one, std::ios::binary) << gzip_of_zeros(300000);
  const std::string page = read_page_bytes({one.string(), "one"}, none);
  BOOST_TEST(page.size() == 300000u);
  BOOST_TEST(page.find_first_not_of('\0') == std::string::npos);

  const std::string small = slurp(k_pages + "/zipped.html.gz");
  const std::string large = gzip_of_zeros(std::size_t{3} << 20);
  std::istringstream members(large + small + large);
  const std::string three = read_page_bytes({"-", "stdin"}, members);
  const std::string zipped = read_page_bytes({k_pages + "/zipped.html.gz", "zipped"}, none);
  BOOST_TEST(three.size() == 2 * (std::size_t{3} << 20) + zipped.size());
  BOOST_TEST(three.substr(std::size_t{3} << 20, zipped.size()) == zipped);

  const fs::path bomb = dir.path / "bomb.html.gz";
  std::ofstream(bomb, std::ios::binary) << gzip_of_zeros(k_max_page_bytes + 1);
  BOOST_CHECK_EXCEPTION((void)read_page_bytes({bomb.string(), "bomb"}, none), boilerdex::InputError,
                        [](const boilerdex::InputError& e) {
                          return e.source().ends_with("bomb.html.gz") &&
                                 std::string(e.what()).find("MiB decompressed") != std::string::npos;
                        });
}

BOOST_AUTO_TEST_CASE(batch_to_directory_goes_on_after_a_bad_page) {
  TempDir out("out");
  BatchOptions options;
  options.output_dir = out.path / "sub";
  std::istringstream in(
      "<html><body><p>From standard input, a paragraph that is long enough to be the content of "
      "the page after all.</p></body></html>");
  std::ostringstream stdout_text, err;
  const auto summary = extract_batch({k_pages, "-"}, options, in, stdout_text, err);
  BOOST_TEST(summary.pages == 5u);
  BOOST_TEST(summary.failed == 1u);
  BOOST_TEST(stdout_text.str().empty());
  BOOST_TEST(err.str().find("broken.html.gz@60: truncated gzip data") != std::string::npos);
  for (const char* name : {"article.txt", "latin1.txt", "links.txt", "zipped.txt", "stdin.txt"}) {
    BOOST_TEST(fs::exists(options.output_dir / name), name);
  }
  BOOST_TEST(!fs::exists(options.output_dir / "broken.txt"));
  BOOST_TEST(slurp(options.output_dir / "stdin.txt") ==
             "From standard input, a paragraph that is long enough to be the content of the page "
             "after all.\n");
  BOOST_TEST(slurp(options.output_dir / "links.txt").empty());
  for (const auto& entry : fs::directory_iterator(options.output_dir)) {
    BOOST_TEST(!entry.path().filename().string().starts_with("."), "temporary file left");
  }
}

// An image (or any bytes that are no page) given as a page fails with the evidence and
// its position, and the other pages are written, with one job or several.
BOOST_AUTO_TEST_CASE(binary_inputs_fail_and_the_others_are_written) {
  TempDir dir("binary");
  const fs::path image = dir.path / "photo.html";
  std::ofstream(image, std::ios::binary) << std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
  const std::string article = k_pages + "/article.html";
  for (const std::size_t jobs : {1u, 2u}) {
    BatchOptions options;
    options.jobs = jobs;
    std::istringstream in(std::string("GIF89a\x01\0\x01\0", 10));
    std::ostringstream out, err;
    const auto summary = extract_batch({image.string(), article, "-"}, options, in, out, err);
    BOOST_TEST(summary.pages == 1u);  // written
    BOOST_TEST(summary.failed == 2u);
    BOOST_TEST(err.str() == image.string() +
                                "@0: binary data (a PNG image), not a web page\n"
                                "<stdin>@0: binary data (a GIF image), not a web page\n",
               "jobs " << jobs);
    BOOST_TEST(out.str().find("Storm closes harbour") != std::string::npos);
    BOOST_TEST(out.str().find("PNG") == std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(batch_refuses_to_overwrite_within_a_run) {
  TempDir out("dup");
  BatchOptions options;
  options.output_dir = out.path;
  options.format = OutputFormat::Json;
  std::istringstream in;
  std::ostringstream o, err;
  const std::string page = k_pages + "/article.html";
  const auto summary = extract_batch({page, page}, options, in, o, err);
  BOOST_TEST(summary.pages == 1u);
  BOOST_TEST(summary.failed == 1u);
  BOOST_TEST(err.str().find("already written") != std::string::npos);
  BOOST_TEST(fs::exists(out.path / "article.json"));
}

// Issue #16, item 3: symlinks planted in the output directory — at the old fixed
// temporary name, and at the output name itself — never redirect a write outside it.
BOOST_AUTO_TEST_CASE(planted_symlinks_do_not_redirect_outputs) {
  TempDir out("symlinks");
  const fs::path victim = out.path / "victim.txt", dir = out.path / "out";
  fs::create_directories(dir);
  std::ofstream(victim) << "precious";
  fs::create_symlink(victim, dir / ".article.txt.tmp");
  fs::create_symlink(victim, dir / "latin1.txt");
  BatchOptions options;
  options.output_dir = dir;
  options.extractor = "keep-everything";
  std::istringstream in;
  std::ostringstream o, err;
  const auto summary = extract_batch({k_pages + "/article.html", k_pages + "/latin1.html"}, options, in, o, err);
  BOOST_TEST(summary.failed == 0u, err.str());
  BOOST_TEST(slurp(victim) == "precious");
  BOOST_TEST(fs::is_symlink(dir / ".article.txt.tmp"));  // left alone, never opened
  BOOST_TEST(!fs::is_symlink(dir / "latin1.txt"));       // the entry replaced, not written through
  BOOST_TEST(!slurp(dir / "article.txt").empty());
  std::size_t temporaries = 0;
  for (const auto& entry : fs::directory_iterator(dir)) temporaries += entry.path().extension() == ".tmp";
  BOOST_TEST(temporaries == 1u);  // only the planted one
}

// Issue #16, item 6: a page cut at a limit is said on stderr (page and limit) and counted,
// in text mode too, not only in the JSON "segmentation" object.
BOOST_AUTO_TEST_CASE(pages_cut_at_a_limit_are_reported_and_counted) {
  std::string page = "<html><body>";
  for (int i = 0; i < 10; ++i) page += "<p>Paragraph number " + std::to_string(i) + " of a page with many blocks.</p>";
  page += "</body></html>";
  for (const OutputFormat format : {OutputFormat::Text, OutputFormat::Json}) {
    BatchOptions options;
    options.format = format;
    options.extractor = "keep-everything";
    options.limits.max_blocks = 3;
    std::istringstream in(page);
    std::ostringstream out, err;
    const auto summary = extract_batch({"-", k_pages + "/article.html"}, options, in, out, err);
    BOOST_TEST(summary.pages == 2u);
    BOOST_TEST(summary.truncated == 2u);  // article.html has more than 3 blocks too
    BOOST_TEST(err.str().find("<stdin>: page hit a limit: blocks after the first 3 were dropped (max_blocks)\n") !=
               std::string::npos, err.str());
    BOOST_TEST(out.str().find("number 2") != std::string::npos);
    BOOST_TEST(out.str().find("number 3") == std::string::npos);
  }
  SegmentStats stats;
  stats.truncated_input = true;
  stats.truncated_blocks = 2;
  stats.depth_limited = true;
  SegmentLimits limits;
  BOOST_TEST(limits_notice("big\xE9.html", 209715200, stats, limits) ==
             "big\\xe9.html: page hit a limit: only part of its 209715200 bytes was read (at most "
             "max_input_bytes = 20971520 bytes and 400000 tags); 2 block(s) cut at " + std::to_string(limits.max_block_bytes) +
             " bytes (max_block_bytes); nesting deeper than 2000 was flattened, its text kept (max_depth)");
  BOOST_TEST(limits_notice("ok.html", 10, SegmentStats{}, limits).empty());
}

BOOST_AUTO_TEST_CASE(batch_to_stream_and_usage_errors) {
  BatchOptions options;
  options.format = OutputFormat::Json;
  options.extractor = "keep-everything";
  std::istringstream in;
  std::ostringstream o, err;
  const auto summary =
      extract_batch({k_pages + "/links.htm", k_pages + "/latin1.html"}, options, in, o, err);
  BOOST_TEST(summary.pages == 2u);
  BOOST_TEST(summary.failed == 0u);
  const std::string lines = o.str();
  BOOST_TEST(std::count(lines.begin(), lines.end(), '\n') == 2);  // JSON Lines
  BOOST_TEST(lines.find("\"extractor\":\"keep-everything\"") != std::string::npos);
  options.extractor = "no-such";
  BOOST_CHECK_THROW((void)extract_batch({k_pages}, options, in, o, err), boilerdex::UsageError);
  options.extractor = "article";
  options.output_dir = fs::path(k_pages) / "article.html" / "sub";  // a file in the way
  BOOST_CHECK_THROW((void)extract_batch({k_pages}, options, in, o, err), boilerdex::Error);
}

BOOST_AUTO_TEST_CASE(parallel_jobs_keep_input_order_and_report_the_same) {
  const std::vector<std::string> inputs = {k_pages, k_pages + "/links.htm",
                                           k_pages + "/article.html", "-", "-"};
  const std::string page =
      "<p>Standard input page: a paragraph with more than sixteen words, so that the rules keep "
      "it.</p>";
  std::string reference_out, reference_err;
  for (const std::size_t jobs : {1u, 2u, 3u, 0u}) {
    BatchOptions options;
    options.format = OutputFormat::Json;
    options.jobs = jobs;
    std::istringstream in(page);
    std::ostringstream out, err;
    const auto summary = extract_batch(inputs, options, in, out, err);
    BOOST_TEST(summary.pages == 7u);   // 4 good pages in the directory, links, article, stdin once
    BOOST_TEST(summary.failed == 2u);  // broken.html.gz, the second "-"
    if (jobs == 1) {
      reference_out = out.str();
      reference_err = err.str();
      BOOST_TEST(reference_err.find("standard input given more than once") != std::string::npos);
    } else {
      BOOST_TEST(out.str() == reference_out, "jobs " << jobs);
      BOOST_TEST(err.str() == reference_err, "jobs " << jobs);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
