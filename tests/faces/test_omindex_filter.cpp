#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/extractor_registry.hpp"
#include "boilerdex/plugin/omindex_filter.hpp"

using namespace boilerdex::plugin;
namespace fs = std::filesystem;

namespace {

std::string site_page(const std::string& name) {
  std::ifstream in(std::string(BOILERDEX_FIXTURES_DIR) + "/faces/site/" + name, std::ios::binary);
  BOOST_REQUIRE_MESSAGE(in, "missing fixture " << name);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string filtered(std::string_view html, BoilerplateHandling handling,
                     std::string_view extractor = "article") {
  PageOptions options;
  options.keep_parse_blocks = true;
  const PageResult result = extract_page(html, *make_extractor(extractor), options);
  std::ostringstream out;
  write_filtered_html(out, result, handling);
  return out.str();
}

bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

// The page with every <!--htdig_noindex-->…<!--/htdig_noindex--> span removed, as omindex
// skips them; fails the test on unbalanced markers.
std::string visible(std::string_view html) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    const auto begin = html.find("<!--htdig_noindex-->", at);
    if (begin == std::string_view::npos) break;
    const auto end = html.find("<!--/htdig_noindex-->", begin);
    BOOST_REQUIRE(end != std::string_view::npos);
    out.append(html.substr(at, begin - at));
    at = end + std::string_view("<!--/htdig_noindex-->").size();
  }
  out.append(html.substr(at));
  BOOST_TEST(!contains(out, "htdig_noindex"));
  return out;
}

// A temporary file removed at scope exit.
struct TempFile {
  fs::path path;
  TempFile(const std::string& name, std::string_view bytes)
      : path(fs::temp_directory_path() /
             ("boilerdex-omf-" + std::to_string(::getpid()) + "-" + name)) {
    std::ofstream(path, std::ios::binary) << bytes;
  }
  ~TempFile() { fs::remove(path); }
};

// An extractor that always fails, to see the filter pass a page through.
class FailingExtractor : public Extractor {
 public:
  std::string name() const override { return "test-failing"; }
  void process(TextDocument&) const override { throw std::runtime_error("deliberate failure"); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(omindex_filter)

BOOST_AUTO_TEST_CASE(handling_names) {
  BOOST_TEST((parse_boilerplate_handling("drop") == BoilerplateHandling::Drop));
  BOOST_TEST((parse_boilerplate_handling("noindex") == BoilerplateHandling::Noindex));
  BOOST_CHECK_THROW((void)parse_boilerplate_handling("hide"), boilerdex::UsageError);
}

BOOST_AUTO_TEST_CASE(drop_keeps_title_meta_and_content_only) {
  const std::string out = filtered(site_page("volcano.html"), BoilerplateHandling::Drop);
  BOOST_TEST(out.starts_with("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n"));
  BOOST_TEST(contains(out, "<title>Volcano observatory report</title>"));
  BOOST_TEST(contains(out,
                      "<meta name=\"description\" content=\"Weekly seismograph summary from the "
                      "caldera station\">"));
  BOOST_TEST(contains(out, "<meta name=\"keywords\" content=\"magma, tremor\">"));
  BOOST_TEST(contains(out, "swarm of small earthquakes"));
  BOOST_TEST(contains(
      out,
      "caf\xc3\xa9 guide for the \xe2\x80\x9clower\xe2\x80\x9d village"));  // windows-1252 → UTF-8
  for (const char* boilerplate : {"Quokkashop", "Helpdesk", "Zebrafooter", "Termsofuse"}) {
    BOOST_TEST(!contains(out, boilerplate), boilerplate);
  }
  BOOST_TEST(!contains(out, "windows-1252"));  // the old declaration would mislead omindex
}

BOOST_AUTO_TEST_CASE(drop_escapes_text_and_attributes) {
  const std::string page =
      "<html><head><title>a &lt;b&gt; &amp; \"c\"</title><meta name=\"description\" content=\"x "
      "&quot;y&quot; <z>\">"
      "</head><body><p>Five &lt;script&gt; tags &amp; more words in a long enough sentence for the "
      "rules of "
      "the extractor to keep it as content of the page.</p></body></html>";
  const std::string out = filtered(page, BoilerplateHandling::Drop, "keep-everything");
  BOOST_TEST(contains(out, "<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"));
  BOOST_TEST(contains(out, "content=\"x &quot;y&quot; &lt;z&gt;\""));
  BOOST_TEST(contains(out, "<p>Five &lt;script&gt; tags &amp; more words"));
  BOOST_TEST(!contains(out, "<script>"));
}

BOOST_AUTO_TEST_CASE(noindex_wraps_boilerplate_and_keeps_the_page) {
  const std::string page = site_page("orchard.html");
  const std::string out = filtered(page, BoilerplateHandling::Noindex);
  BOOST_REQUIRE(out.starts_with("<meta charset=\"utf-8\">\n"));
  // Removing the markers gives the page back byte for byte.
  std::string unmarked = out.substr(std::string_view("<meta charset=\"utf-8\">\n").size());
  for (const std::string marker : {"<!--htdig_noindex-->", "<!--/htdig_noindex-->"}) {
    for (auto p = unmarked.find(marker); p != std::string::npos; p = unmarked.find(marker))
      unmarked.erase(p, marker.size());
  }
  BOOST_TEST(unmarked == page);
  // What omindex reads: title, meta and content, no navigation, sharing or footer.
  const std::string seen = visible(out);
  for (const char* kept : {"<title>Apple orchard harvest</title>", "Pruning calendar",
                           "russet apples", "cider press"}) {
    BOOST_TEST(contains(seen, kept), kept);
  }
  for (const char* hidden : {"Quokkashop", "Signin", "Twitbook", "Zebrafooter"}) {
    BOOST_TEST(!contains(seen, hidden), hidden);
  }
  // Markers sit between tags, never inside one: every '<' of the page still opens a tag
  // the way it did (checked by the round trip above); and runs of boilerplate share one pair.
  std::size_t pairs = 0;
  for (auto p = out.find("<!--htdig_noindex-->"); p != std::string::npos;
       p = out.find("<!--htdig_noindex-->", p + 1))
    ++pairs;
  BOOST_TEST(pairs <= 3u);
}

BOOST_AUTO_TEST_CASE(noindex_never_hides_content_in_overlapping_ranges) {
  // Text fostered out of a table comes first in the tree but later in the source: the
  // block ranges overlap, and content must stay visible.
  const std::string page =
      "<html><body><table><tr><td><a href=/>Menu</a> <a href=/x>Links</a></td></tr>"
      "The fostered sentence is long enough to be kept as the content of this little page by the "
      "extractor."
      "<tr><td><a href=/y>More</a></td></tr></table></body></html>";
  const std::string seen = visible(filtered(page, BoilerplateHandling::Noindex, "cleaneval"));
  BOOST_TEST(contains(seen, "fostered sentence is long enough"));
}

BOOST_AUTO_TEST_CASE(noindex_needs_parse_blocks) {
  const PageResult result = extract_page("<p>x</p>", *make_extractor("article"));
  std::ostringstream out;
  BOOST_CHECK_THROW(write_filtered_html(out, result, BoilerplateHandling::Noindex),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(run_filters_a_file) {
  const TempFile file("page.html", site_page("telescope.html"));
  std::ostringstream out, err;
  OmindexFilterOptions options;
  BOOST_TEST(run_omindex_filter(file.path.string(), options, out, err) == k_filter_ok);
  BOOST_TEST(err.str().empty());
  BOOST_TEST(contains(out.str(), "<title>Telescope mirror grinding</title>"));
  BOOST_TEST(contains(out.str(), "\xc3\xa5ngstr\xc3\xb6m"));  // iso-8859-1 → UTF-8
  BOOST_TEST(!contains(out.str(), "Quokkashop"));
}

BOOST_AUTO_TEST_CASE(run_passes_through_what_it_cannot_process) {
  static const bool registered = [] {
    register_extractor({.name = "test-failing",
                        .description = "always throws (test_omindex_filter)",
                        .factory = [](int) { return std::make_unique<FailingExtractor>(); }});
    return true;
  }();
  BOOST_REQUIRE(registered);
  const std::string page = site_page("orchard.html");
  const TempFile file("fails.html", page);
  std::ostringstream out, err;
  OmindexFilterOptions options;
  options.extractor = "test-failing";
  BOOST_TEST(run_omindex_filter(file.path.string(), options, out, err) == k_filter_ok);
  BOOST_TEST(out.str() == page);
  BOOST_TEST(contains(err.str(), file.path.string()));
  BOOST_TEST(contains(err.str(), "deliberate failure"));
  BOOST_TEST(contains(err.str(), "passed through unchanged"));

  // Corrupt gzip data is not text: omindex would index it as HTML, so it is refused with
  // a reason (issue #16, item 9), as is a binary file named .html.
  const std::string not_gzip = std::string("\x1f\x8b\x08\x00garbage", 12);
  const TempFile gz("corrupt.html.gz", not_gzip);
  std::ostringstream out2, err2;
  BOOST_TEST(run_omindex_filter(gz.path.string(), OmindexFilterOptions{}, out2, err2) ==
             k_filter_cannot_handle);
  BOOST_TEST(out2.str().empty());
  BOOST_TEST(contains(err2.str(), "cannot handle: not text"));
  const TempFile png("image.html", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  std::ostringstream out3, err3;
  BOOST_TEST(run_omindex_filter(png.path.string(), OmindexFilterOptions{}, out3, err3) == k_filter_cannot_handle);
  BOOST_TEST(out3.str().empty());
  BOOST_TEST(contains(err3.str(), "image.html@0: binary data (a PNG image), not a web page (cannot handle"));
}

BOOST_AUTO_TEST_CASE(head_meta_elements_and_robots) {
  PageOptions options;
  options.keep_parse_blocks = true;
  const auto metas = head_meta_elements(
      extract_page(site_page("volcano.html"), *make_extractor("article"), options));
  BOOST_REQUIRE(metas.size() == 2u);
  BOOST_TEST(metas[0].name == "description");
  BOOST_TEST(metas[1].content == "magma, tremor");
  BOOST_TEST(!forbids_indexing(metas));
  BOOST_TEST(forbids_indexing({{"ROBOTS", "NOINDEX, follow"}}));
  BOOST_TEST(forbids_indexing({{"robots", "none"}}));
  BOOST_TEST(!forbids_indexing({{"robots", "index, nofollow"}}));
  BOOST_TEST(!forbids_indexing({{"googlebot", "noindex"}}));
}

BOOST_AUTO_TEST_CASE(head_meta_elements_are_read_whole_past_scripts_and_comments) {
  // The head is parsed lean (script, style and comment bodies emptied, attributes dropped)
  // but for <meta>, whose attributes stay whole, long values included; a <meta> written
  // inside a script or a comment is not one.
  const std::string script(4000, 'x');
  const std::string page =
      "<html><head><title>T</title><script>var s = '<meta name=\"fake\" content=\"script\">';" + script +
      "</script><style>p { color: red }" + script + "</style>"
      "<!-- <meta name=\"fake\" content=\"comment\"> -->"
      "<meta name=\"description\" class=\"a-long-class-value-here\" content=\"A description long enough to be emptied\">"
      "<meta name=\"robots\" content=\"noindex, nofollow\">"
      "</head><body><p>Body text of the page that the extractor keeps as its content block.</p></body></html>";
  PageOptions options;
  options.keep_parse_blocks = true;
  const auto metas = head_meta_elements(extract_page(page, *make_extractor("article"), options));
  BOOST_REQUIRE(metas.size() == 2u);
  BOOST_TEST(metas[0].name == "description");
  BOOST_TEST(metas[0].content == "A description long enough to be emptied");
  BOOST_TEST(metas[1].name == "robots");
  BOOST_TEST(forbids_indexing(metas));
}

BOOST_AUTO_TEST_CASE(run_obeys_meta_robots_like_omindex) {
  const TempFile file("private.html", site_page("private.html"));
  std::ostringstream out, err;
  BOOST_TEST(run_omindex_filter(file.path.string(), OmindexFilterOptions{}, out, err) ==
             k_filter_excluded);
  BOOST_TEST(out.str().empty());
  BOOST_TEST(contains(err.str(), "noindex"));
  OmindexFilterOptions ignore;
  ignore.obey_robots = false;
  std::ostringstream out2, err2;
  BOOST_TEST(run_omindex_filter(file.path.string(), ignore, out2, err2) == k_filter_ok);
  BOOST_TEST(contains(out2.str(), "wombatkeeper"));
}

BOOST_AUTO_TEST_CASE(run_reports_unreadable_files_and_bad_extractors) {
  std::ostringstream out, err;
  BOOST_TEST(run_omindex_filter("/nonexistent/page.html", OmindexFilterOptions{}, out, err) ==
             k_filter_unreadable);
  BOOST_TEST(contains(err.str(), "/nonexistent/page.html"));
  BOOST_TEST(out.str().empty());
  OmindexFilterOptions bad;
  bad.extractor = "no-such";
  BOOST_CHECK_THROW((void)run_omindex_filter("/nonexistent/page.html", bad, out, err),
                    boilerdex::UsageError);
}

BOOST_AUTO_TEST_SUITE_END()
