#include <boost/test/unit_test.hpp>

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;

namespace {

const fs::path fixtures = fs::path(BOILERDEX_FIXTURES_DIR) / "indexer";

/// Every item of \p file, in order.
std::vector<ReadItem> read_all(const fs::path& file, InputFormat format, std::uint64_t max_page = 20u << 20) {
  auto reader = open_collection_file(file, format, max_page);
  std::vector<ReadItem> items;
  ReadItem item;
  while (reader->next(item)) items.push_back(std::move(item));
  BOOST_TEST(!reader->finish_sha256().empty());
  return items;
}

/// "D:docno" or "S:reason:docno" per item, for compact comparisons.
std::vector<std::string> outline(const std::vector<ReadItem>& items) {
  std::vector<std::string> out;
  for (const ReadItem& i : items) {
    if (i.kind == ReadItem::Kind::Document) out.push_back("D:" + i.document.docno);
    else out.push_back("S:" + std::string(skip_reason_name(i.skip.reason)) + ":" + i.skip.docno);
  }
  return out;
}

/// A WARC response record for \p id whose Content-Length is off by \p length_error
/// (or is \p length_override when given).
std::string warc_response(const std::string& id, const std::string& body, long long length_error = 0,
                          std::string length_override = {}) {
  const std::string http = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + body;
  const std::string length =
      length_override.empty() ? std::to_string(static_cast<long long>(http.size()) + length_error) : length_override;
  return "WARC/1.0\r\nWARC-Type: response\r\nWARC-TREC-ID: " + id + "\r\nWARC-Target-URI: http://example.org/" +
         id + "\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: " + length + "\r\n\r\n" +
         http + "\r\n\r\n";
}

std::string page(const std::string& word) {
  return "<html><head><title>" + word + "</title></head><body><p>The page about " + word + ".</p></body></html>";
}

fs::path write_file(const fs::path& dir, const std::string& name, const std::string& bytes) {
  std::ofstream(dir / name, std::ios::binary) << bytes;
  return dir / name;
}

/// \p records written to dir/name as one gzip member each, as .warc.gz files are (gzopen
/// in append mode starts a new member).
fs::path write_gzip_members(const fs::path& dir, const std::string& name, const std::vector<std::string>& records) {
  fs::remove(dir / name);
  for (const std::string& r : records) {
    gzFile out = gzopen((dir / name).c_str(), "ab");
    BOOST_REQUIRE(out != nullptr);
    BOOST_REQUIRE(gzwrite(out, r.data(), static_cast<unsigned>(r.size())) == static_cast<int>(r.size()));
    BOOST_REQUIRE(gzclose(out) == Z_OK);
  }
  return dir / name;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(collection_reader)

BOOST_AUTO_TEST_CASE(trec_fields_header_and_body) {
  const auto items = read_all(fixtures / "trec/sample.trec", InputFormat::Trec);
  BOOST_TEST(outline(items) == (std::vector<std::string>{"D:BLOG06-T01-0000000000", "D:BLOG06-T01-0000000001",
                                                        "D:BLOG06-T01-0000000002", "D:BLOG06-T01-0000000003"}),
             boost::test_tools::per_element());
  const RawDocument& d0 = items[0].document;
  BOOST_TEST(d0.offset == 0u);
  BOOST_TEST(d0.url == "http://feeds.example.org/penguins/march.html");  // PERMALINK wins
  BOOST_TEST(d0.declared_charset == "ISO-8859-1");
  BOOST_TEST(d0.metadata ==
             "DATE_XML\t2005-12-06T10:00:00+0000\nFEEDNO\tBLOG06-feed-000001\n"
             "PERMALINK\thttp://feeds.example.org/penguins/march.html\n");
  BOOST_TEST(d0.body.find("<html><head><title>March of the Penguins") != std::string::npos);
  BOOST_TEST(d0.body.find("</DOCHDR>") == std::string::npos);
  BOOST_TEST(d0.body.find("</html>") != std::string::npos);
  const RawDocument& d1 = items[1].document;
  BOOST_TEST(d1.url == "http://blogs.example.org/feeds/readers.html");  // DOCHDR's first line
  BOOST_TEST(d1.declared_charset == "utf-8");
  const RawDocument& d2 = items[2].document;
  BOOST_TEST(d2.url.empty());
  BOOST_TEST(d2.metadata.empty());
  BOOST_TEST(d2.body.rfind("<html>", 0) == 0u);
  BOOST_TEST(items[1].document.offset > 0u);
}

BOOST_AUTO_TEST_CASE(trec_gzip_single_and_multi_member_read_the_same) {
  const auto plain = outline(read_all(fixtures / "trec/sample.trec", InputFormat::Trec));
  BOOST_TEST(outline(read_all(fixtures / "trec/sample.trec.gz", InputFormat::Trec)) == plain,
             boost::test_tools::per_element());
  BOOST_TEST(outline(read_all(fixtures / "trec/two-members.trec.gz", InputFormat::Trec)) == plain,
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(trec_broken_records_are_reported_and_reading_goes_on) {
  const auto items = read_all(fixtures / "trec/broken.trec", InputFormat::Trec);
  BOOST_TEST(outline(items) ==
                 (std::vector<std::string>{"D:BROKEN-0", "S:broken-record:BROKEN-1", "D:BROKEN-2",
                                           "S:broken-record:", "S:broken-record:", "S:not-html:BROKEN-4",
                                           "D:BROKEN-5", "D:BROKEN-0", "S:truncated-input:BROKEN-7"}),
             boost::test_tools::per_element());
  for (const ReadItem& i : items) {
    if (i.kind != ReadItem::Kind::Skip) continue;
    BOOST_TEST(i.skip.file == (fixtures / "trec/broken.trec").string());
    BOOST_TEST(!i.skip.message.empty());
  }
  BOOST_TEST(items[1].skip.message.find("without </DOC>") != std::string::npos);
  BOOST_TEST(items[3].skip.message.find("outside <DOC>") != std::string::npos);
  BOOST_TEST(items[4].skip.message.find("DOCNO") != std::string::npos);
  // Offsets point at the record's "<DOC>": BROKEN-1's is byte 249.
  BOOST_TEST(items[0].document.offset == 0u);
  BOOST_TEST(items[1].skip.offset == 249u);
}

BOOST_AUTO_TEST_CASE(truncated_gzip_ends_with_one_skip_naming_the_stream) {
  const auto items = read_all(fixtures / "trec/truncated.trec.gz", InputFormat::Trec);
  BOOST_REQUIRE(!items.empty());
  const ReadItem& last = items.back();
  BOOST_TEST((last.kind == ReadItem::Kind::Skip && last.skip.reason == SkipReason::TruncatedInput));
  BOOST_TEST(last.skip.message.find("gzip stream truncated") != std::string::npos);
  for (std::size_t i = 0; i + 1 < items.size(); ++i) BOOST_TEST((items[i].kind == ReadItem::Kind::Document));
}

BOOST_AUTO_TEST_CASE(binary_and_too_large_pages_are_skipped) {
  const auto bin = read_all(fixtures / "trec/binary.trec", InputFormat::Trec);
  BOOST_TEST(outline(bin) == (std::vector<std::string>{"S:not-html:BINARY-0"}), boost::test_tools::per_element());
  // The skip says what gave the page away, and where in it (plugin::binary_evidence).
  BOOST_TEST(bin.at(0).skip.message ==
             "binary data (over 5% control bytes in its first 4 KiB, at byte 0 of the page), not a web page");
  const auto small = read_all(fixtures / "trec/sample.trec", InputFormat::Trec, 300);
  // Pages over 300 bytes: the first two; the rest are smaller.
  BOOST_TEST(outline(small) == (std::vector<std::string>{"S:too-large:BLOG06-T01-0000000000",
                                                        "S:too-large:BLOG06-T01-0000000001",
                                                        "D:BLOG06-T01-0000000002", "D:BLOG06-T01-0000000003"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(warc_responses_chunked_gzip_and_other_records) {
  for (const char* name : {"warc/sample.warc", "warc/sample.warc.gz"}) {
    BOOST_TEST_CONTEXT(name) {
      const auto items = read_all(fixtures / name, InputFormat::Warc);
      // Records without a WARC-TREC-ID are named by their WARC-Record-ID.
      BOOST_TEST(outline(items) == (std::vector<std::string>{"S:not-response:<urn:uuid:warcinfo-32>",
                                                            "S:not-response:<urn:uuid:request-37>", "D:WARC-DOC-0",
                                                            "D:WARC-DOC-1", "D:WARC-DOC-2", "S:not-html:WARC-DOC-3",
                                                            "S:not-response:<urn:uuid:metadata-26>"}),
                 boost::test_tools::per_element());
      const RawDocument& page = items[2].document;
      BOOST_TEST(page.url == "http://example.org/");
      BOOST_TEST(page.declared_charset == "utf-8");
      BOOST_TEST(page.body.rfind("<html><head><title>WARC page", 0) == 0u);
      BOOST_TEST(page.metadata.find("WARC-Date\t2020-01-01T00:00:00Z\n") != std::string::npos);
      BOOST_TEST(items[3].document.body ==
                 "<html><head><title>Chunked</title></head><body><p>This page was sent with chunked transfer "
                 "encoding by the server.</p></body></html>");
      BOOST_TEST(items[4].document.body ==
                 "<html><head><title>Compressed</title></head><body><p>This page was gzip content-encoded by "
                 "the server.</p></body></html>");
    }
  }
}

BOOST_AUTO_TEST_CASE(warc_broken_records_resynchronise) {
  const auto items = read_all(fixtures / "warc/broken.warc", InputFormat::Warc);
  BOOST_TEST(outline(items) == (std::vector<std::string>{"D:WARC-BROKEN-0", "S:broken-record:", "S:broken-record:WARC-BROKEN-2",
                                                        "D:WARC-BROKEN-3", "S:broken-record:WARC-BROKEN-4",
                                                        "S:truncated-input:WARC-BROKEN-5"}),
             boost::test_tools::per_element());
  BOOST_TEST(items[1].skip.message.find("WARC/0.9") != std::string::npos);
  BOOST_TEST(items[2].skip.message == "WARC record <urn:uuid:response-228> without a Content-Length");
  BOOST_TEST(items[4].skip.message.find("chunk") != std::string::npos);
  BOOST_TEST(items[5].skip.message.find("end of file") != std::string::npos);
  BOOST_TEST(items[1].skip.offset > items[0].document.offset);
}

// A Content-Length too long claims the next record's header as part of this block:
// the reader must find that header inside the block, report the broken record (by DOCNO,
// with the offset where the next one starts) and read the next one as usual.
BOOST_AUTO_TEST_CASE(warc_content_length_too_long_does_not_swallow_the_next_record) {
  const std::string good_a = warc_response("OVER-A", page("aardvark"));
  const std::string next_c = warc_response("OVER-C", page("capybara"));
  const std::string last_d = warc_response("OVER-D", page("dugong"));
  struct Case {
    const char* name;
    std::string broken;
  };
  const Case cases[] = {
      {"100 bytes too long (ends inside the next record)", warc_response("OVER-B", page("bison"), 100)},
      {"8 bytes too long (ends inside the next version line)", warc_response("OVER-B", page("bison"), 8)},
      {"reaching past the end of the file", warc_response("OVER-B", page("bison"), 1 << 20)},
      {"far larger than max_page_bytes", warc_response("OVER-B", page("bison"), 0, "99999999999")},
  };
  test::TempDir dir("warc-overrun");
  for (const Case& c : cases) {
    const std::vector<std::string> records{good_a, c.broken, next_c, last_d};
    std::string plain;
    for (const std::string& r : records) plain += r;
    for (const bool gz : {false, true}) {
      BOOST_TEST_CONTEXT(c.name << (gz ? ", .warc.gz" : ", .warc")) {
        const fs::path file =
            gz ? write_gzip_members(dir.path, "c.warc.gz", records) : write_file(dir.path, "c.warc", plain);
        const auto items = read_all(file, InputFormat::Warc, 1u << 20);
        BOOST_TEST(outline(items) == (std::vector<std::string>{"D:OVER-A", "S:broken-record:OVER-B", "D:OVER-C",
                                                              "D:OVER-D"}),
                   boost::test_tools::per_element());
        if (items.size() != 4) continue;
        const SkipReport& broken = items[1].skip;
        BOOST_TEST(broken.offset == good_a.size());
        BOOST_TEST(broken.file == file.string());
        const std::string next_offset = std::to_string(good_a.size() + c.broken.size());
        BOOST_TEST(broken.message.find("Content-Length") != std::string::npos, broken.message);
        BOOST_TEST(broken.message.find("offset " + next_offset) != std::string::npos, broken.message);
        BOOST_TEST(items[2].document.offset == good_a.size() + c.broken.size());
        BOOST_TEST(items[2].document.body == page("capybara"));
        BOOST_TEST(items[3].document.body == page("dugong"));
      }
    }
  }
  // Too long by no more than the CRLF CRLF that ends a record: only whitespace lies
  // between the declared end and the next record, so the block reads as a page with a line
  // end or two more, and is kept.
  for (const int over : {3, 4}) {
    const fs::path file =
        write_file(dir.path, "d.warc", good_a + warc_response("OVER-B", page("bison"), over) + next_c);
    const auto items = read_all(file, InputFormat::Warc);
    BOOST_TEST(outline(items) == (std::vector<std::string>{"D:OVER-A", "D:OVER-B", "D:OVER-C"}),
               boost::test_tools::per_element());
    if (items.size() == 3) BOOST_TEST(items[1].document.body == page("bison") + std::string("\r\n\r\n", over));
  }
}

// The other side: a page that merely contains what looks like a record start keeps it when
// its Content-Length is right, and a Content-Length too long on the last record is a
// truncated record, not a resynchronisation.
BOOST_AUTO_TEST_CASE(warc_record_start_inside_a_correct_block_is_content) {
  const std::string inner = "<html><body><pre>a WARC file:\r\n\r\nWARC/1.0\r\nWARC-Type: response\r\n</pre></body></html>";
  test::TempDir dir("warc-inner");
  const fs::path file = write_file(dir.path, "inner.warc",
                                   warc_response("IN-A", inner) + warc_response("IN-B", page("bison")) +
                                       warc_response("IN-C", page("coati"), 50));
  const auto items = read_all(file, InputFormat::Warc);
  BOOST_TEST(outline(items) == (std::vector<std::string>{"D:IN-A", "D:IN-B", "S:truncated-input:IN-C"}),
             boost::test_tools::per_element());
  if (items.size() == 3) BOOST_TEST(items[0].document.body == inner);
}

// Issue #16, item 2: a DOCNO is one field of a run line. One with a space, tab, newline
// or other control byte is skipped as bad-docno, naming the byte, in every format; other
// bytes (UTF-8 or not) are kept.
BOOST_AUTO_TEST_CASE(docnos_with_whitespace_or_controls_are_skipped_in_every_format) {
  test::TempDir tmp("docno-ws");
  auto doc = [](const std::string& docno) { return "<DOC>\n<DOCNO>" + docno + "</DOCNO>\n" + page("w") + "\n</DOC>\n"; };
  const auto trec = read_all(write_file(tmp.path, "ws.trec",
                                        doc("BLOG 06 01") + doc("ok-1") + doc("tab\there") + doc("ctl\x01x") +
                                            doc("caf\xE9")),
                             InputFormat::Trec);
  BOOST_TEST(outline(trec) == (std::vector<std::string>{"S:bad-docno:BLOG 06 01", "D:ok-1", "S:bad-docno:tab\there",
                                                        "S:bad-docno:ctl\x01x", "D:caf\xE9"}),
             boost::test_tools::per_element());
  BOOST_TEST(trec[0].skip.message == "DOCNO contains a space at byte 4 (a run or qrels line could not carry it)");
  BOOST_TEST(trec[2].skip.message.find("a tab at byte 3") != std::string::npos);
  BOOST_TEST(trec[3].skip.message.find("a control byte 0x01 at byte 3") != std::string::npos);
  BOOST_TEST(trec[0].skip.offset == 0u);

  const auto warc = read_all(write_file(tmp.path, "ws.warc", warc_response("W 1", page("a")) + warc_response("W-2", page("b"))),
                             InputFormat::Warc);
  BOOST_TEST(outline(warc) == (std::vector<std::string>{"S:bad-docno:W 1", "D:W-2"}), boost::test_tools::per_element());

  write_file(tmp.path, "my page.html", page("c"));
  auto reader = open_collection_file(tmp.path / "my page.html", InputFormat::Files, 1u << 20, "my page.html");
  ReadItem item;
  BOOST_REQUIRE(reader->next(item));
  BOOST_TEST(outline({item}).front() == "S:bad-docno:my page.html");
  write_file(tmp.path, "line\nbreak.html", page("d"));
  reader = open_collection_file(tmp.path / "line\nbreak.html", InputFormat::Files, 1u << 20, "line\nbreak.html");
  BOOST_REQUIRE(reader->next(item));
  BOOST_TEST(item.skip.message.find("a newline at byte 4") != std::string::npos);
}

// Issue #16, item 8: a WARC file read as TREC says so once instead of yielding nothing,
// and a record with a bad Content-Length is named by its WARC-Record-ID and the value.
BOOST_AUTO_TEST_CASE(warc_read_as_trec_and_bad_content_lengths_are_named) {
  test::TempDir tmp("warc-errors");
  const auto as_trec = read_all(write_file(tmp.path, "misnamed.trec", warc_response("W-1", page("a"))), InputFormat::Trec);
  BOOST_REQUIRE(as_trec.size() == 1u);
  BOOST_TEST(outline(as_trec).front() == "S:broken-record:");
  BOOST_TEST(as_trec[0].skip.message.find("index it with --format warc") != std::string::npos);

  std::string bad = warc_response("W-2", page("b"), 0, "12x");
  bad.insert(bad.find("\r\n") + 2, "WARC-Record-ID: <urn:uuid:1234>\r\n");
  const auto warc = read_all(write_file(tmp.path, "bad.warc", bad + warc_response("W-3", page("c"))), InputFormat::Warc);
  BOOST_TEST(outline(warc) == (std::vector<std::string>{"S:broken-record:W-2", "D:W-3"}), boost::test_tools::per_element());
  BOOST_TEST(warc[0].skip.message == "WARC record <urn:uuid:1234> with an invalid Content-Length '12x'");
}

BOOST_AUTO_TEST_CASE(html_files_listed_in_sorted_order_with_relative_docnos) {
  const auto files = list_input_files({fixtures / "files"}, InputFormat::Files);
  std::vector<std::string> docnos;
  for (const InputFile& f : files) docnos.push_back(f.docno);
  BOOST_TEST(docnos == (std::vector<std::string>{"blog/2005/first.html", "blog/2005/second.html.gz",
                                                 "blog/binary.html", "index.htm"}),
             boost::test_tools::per_element());
  std::vector<std::string> got;
  for (const InputFile& f : files) {
    auto reader = open_collection_file(f.path, InputFormat::Files, 1u << 20, f.docno);
    ReadItem item;
    while (reader->next(item)) got.push_back(outline({item}).front());
  }
  BOOST_TEST(got == (std::vector<std::string>{"D:blog/2005/first.html", "D:blog/2005/second.html.gz",
                                              "S:not-html:blog/binary.html", "D:index.htm"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(collection_directories_expand_sorted_and_missing_paths_throw) {
  const auto files = list_input_files({fixtures / "trec"}, InputFormat::Trec);
  BOOST_REQUIRE(files.size() >= 5u);
  for (std::size_t i = 1; i < files.size(); ++i) BOOST_TEST(files[i - 1].docno < files[i].docno);
  BOOST_TEST(files.front().bytes == fs::file_size(files.front().path));
  BOOST_CHECK_THROW((void)list_input_files({fixtures / "no-such-dir"}, InputFormat::Trec), boilerdex::InputError);
  BOOST_CHECK_THROW((void)open_collection_file(fixtures / "no-such-file", InputFormat::Trec, 1000),
                    boilerdex::InputError);
}

// The walk yields the files in the order of their relative paths as strings, which is
// not a component-wise path order: '-' and '.' sort before '/', so "a-b.html" and "a.html"
// come before "a/b.html". The reference is the old way: list everything, then sort.
BOOST_AUTO_TEST_CASE(walk_order_is_the_sorted_order_of_relative_paths) {
  test::TempDir dir("walk");
  const fs::path root = dir.path / "site";
  for (const char* name : {"a.html", "a/b.html", "a-b.html", "a/c/d.html", "a/c.html", "a0.html", "A.html", "b.htm",
                           "a/notes.txt", "a.b/e.html", "z/y/x/w.html.gz", "ab/e.HTML"}) {
    fs::create_directories((root / name).parent_path());
    std::ofstream(root / name) << "<p>" << name << "</p>";
  }
  fs::create_directories(root / "empty/deeper");
  std::vector<std::string> reference;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && e.path().extension() != ".txt") reference.push_back(fs::relative(e.path(), root).generic_string());
  std::sort(reference.begin(), reference.end());

  InputFileWalker walker({root}, InputFormat::Files);
  std::vector<std::string> walked;
  for (InputFile f; walker.next(f);) {
    walked.push_back(f.docno);
    BOOST_TEST(f.path == root / f.docno);
    BOOST_TEST(f.bytes == fs::file_size(f.path));
  }
  BOOST_TEST(walked == reference, boost::test_tools::per_element());
  BOOST_TEST(walker.count() == reference.size());
  BOOST_TEST(walked.at(1) == "a-b.html");  // the case the order is about
  BOOST_TEST(walked.at(2) == "a.b/e.html");
  BOOST_TEST(walked.at(3) == "a.html");
  BOOST_TEST(walked.at(4) == "a/b.html");

  // list_input_files is the same walk, collected; other formats take every file.
  std::vector<std::string> listed;
  for (const InputFile& f : list_input_files({root}, InputFormat::Files)) listed.push_back(f.docno);
  BOOST_TEST(listed == walked, boost::test_tools::per_element());
  BOOST_TEST(list_input_files({root}, InputFormat::Trec).size() == reference.size() + 1);  // notes.txt
}

// A symbolic link back up the tree is not followed into a loop: each file comes once.
// No directory stays open between calls.
BOOST_AUTO_TEST_CASE(walk_follows_links_but_not_loops_and_keeps_no_directory_open) {
  test::TempDir dir("walk-loop");
  const fs::path root = dir.path / "site";
  fs::create_directories(root / "a/b");
  fs::create_directories(dir.path / "elsewhere");
  std::ofstream(root / "a/b/page.html") << "<p>x</p>";
  std::ofstream(dir.path / "elsewhere/other.html") << "<p>y</p>";
  fs::create_directory_symlink("../..", root / "a/b/up");           // back to site/
  fs::create_directory_symlink("../elsewhere", root / "linked");   // a real tree elsewhere
  const auto fds = [] {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) ++n;
    return n;
  };
  const std::size_t before = fds();
  InputFileWalker walker({root, root / "a/b/page.html"}, InputFormat::Files);
  std::vector<std::string> walked;
  for (InputFile f; walker.next(f);) {
    walked.push_back(f.docno);
    BOOST_TEST(fds() == before);
  }
  BOOST_TEST(walked == (std::vector<std::string>{"a/b/page.html", "linked/other.html", "page.html"}),
             boost::test_tools::per_element());
  InputFileWalker missing({root / "no-such"}, InputFormat::Files);
  InputFile f;
  BOOST_CHECK_THROW((void)missing.next(f), boilerdex::InputError);
}

BOOST_AUTO_TEST_CASE(binary_detection) {
  using namespace std::string_view_literals;
  BOOST_TEST(looks_binary("%PDF-1.4 ..."sv));
  BOOST_TEST(looks_binary("\x89PNG\r\n"sv));
  BOOST_TEST(looks_binary("\0\0\0\0\0\0abc"sv));
  BOOST_TEST(!looks_binary("<html><body>caf\xc3\xa9</body></html>"sv));
  BOOST_TEST(!looks_binary(""sv));
  BOOST_TEST(!looks_binary("\xff\xfe<\0h\0t\0m\0l\0>\0"sv));  // UTF-16 with a BOM
}

BOOST_AUTO_TEST_SUITE_END()
