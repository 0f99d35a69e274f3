// "Nothing lost" (DESIGN.md, rules of the house): a collection that mixes good pages with
// every kind of broken input is indexed, and the summary accounts for every input record
// exactly once (indexed, indexed-empty, or skipped with its reason), every good page is
// searchable in every view's docid space, and nothing broken slips into the index.
// The SIGKILL-and-resume half is tests/cli/nothing_lost.sh (it needs a real process).
#include <boost/test/unit_test.hpp>

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/manifest.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;

namespace {

/// A fresh directory under the build tree, removed at the end of the test.
struct ScratchDir {
  fs::path path;
  ScratchDir() {
    static std::mt19937_64 rng(std::random_device{}());
    path = fs::path(BOILERDEX_BINARY_DIR) / "test-tmp" / ("nothing-lost-" + std::to_string(rng()));
    fs::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
};

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  BOOST_REQUIRE(out.good());
}

/// One complete gzip member holding \p text.
std::string gzip_member(const std::string& text) {
  z_stream z{};
  BOOST_REQUIRE(deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, text.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  BOOST_REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

/// A page whose body (not its title, which every view indexes) is searchable by \p word,
/// a made-up word no other page has.
std::string page(const std::string& word) {
  return "<html><head><title>Committee report</title></head><body><div class=nav><a href=/>Home</a></div>"
         "<p>The committee published its findings about " + word + " on Tuesday, after a review that "
         "lasted most of the year and heard from many witnesses in the region.</p></body></html>";
}

std::string trec_doc(const std::string& docno, const std::string& body) {
  return "<DOC>\n<DOCNO>" + docno + "</DOCNO>\n<DOCHDR>\nhttp://example.org/" + docno +
         "\nHTTP/1.1 200 OK\nContent-Type: text/html\n</DOCHDR>\n" + body + "\n</DOC>\n";
}

std::string warc_response(const std::string& id, const std::string& body, long length_error = 0,
                          const std::string& type = "response") {
  const std::string http = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + body;
  return "WARC/1.0\r\nWARC-Type: " + type + "\r\nWARC-TREC-ID: " + id + "\r\nWARC-Target-URI: http://example.org/" +
         id + "\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: " +
         std::to_string(static_cast<long>(http.size()) + length_error) + "\r\n\r\n" + http + "\r\n\r\n";
}

/// What must become of one input record.
struct Expected {
  std::string file;     ///< input file name
  std::string docno;    ///< empty for a record that names none (text between records, ...)
  std::string outcome;  ///< "indexed", "empty", or a skip_reason_name
  std::string word;     ///< indexed: a word only this page has ("" for none)
};

/// Open file descriptors of this process.
std::size_t open_fds() {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator("/proc/self/fd")) ++n;
  return n;
}

/// Records every skip report, and the most file descriptors open at any progress call.
class SkipRecorder final : public ProgressSink {
 public:
  std::vector<SkipReport> skips;
  std::size_t max_fds = 0;
  std::size_t progress_calls = 0;
  std::size_t inputs_finished = 0;
  void progress(const IndexProgress&) override {
    ++progress_calls;
    max_fds = std::max(max_fds, open_fds());
  }
  void skipped(const SkipReport& report) override { skips.push_back(report); }
  void input_finished(const InputSummary&) override {
    ++inputs_finished;
    max_fds = std::max(max_fds, open_fds());
  }
  void finished(const IndexSummary&) override {}
};

struct Collection {
  std::vector<fs::path> inputs;
  std::vector<Expected> expected;
};

/// Writes the broken-and-good collection into \p dir.
Collection make_collection(const fs::path& dir) {
  Collection c;
  auto add = [&](const std::string& file, const std::string& docno, const std::string& outcome,
                 const std::string& word = {}) { c.expected.push_back({file, docno, outcome, word}); };

  // Plain TREC: garbage between <DOC>s, a duplicate DOCNO, undecodable bytes, an empty
  // page, a record without DOCNO, a 10,000-level DOM and one over-long block.
  std::string trec = trec_doc("GOOD-01", page("quokkaalpha"));
  add("mixed.trec", "GOOD-01", "indexed", "quokkaalpha");
  trec += "stray text between records, as a broken concatenation leaves it\n";
  add("mixed.trec", "", "broken-record");
  trec += trec_doc("GOOD-02", page("quokkabravo"));
  add("mixed.trec", "GOOD-02", "indexed", "quokkabravo");
  trec += trec_doc("GOOD-01", page("quokkacharlie"));
  add("mixed.trec", "GOOD-01", "bad-docno");
  trec += trec_doc("BYTES-03", page("quokkadelta") + "\xff\xfe\x80\x81 \xc3\x28 \xed\xa0\x80 \xf4\x90\x80\x80");
  add("mixed.trec", "BYTES-03", "indexed", "quokkadelta");
  trec += trec_doc("EMPTY-04", "<html><head></head><body>   </body></html>");
  add("mixed.trec", "EMPTY-04", "empty");
  trec += "<DOC>\n<html><body><p>a record that lost its DOCNO</p></body></html>\n</DOC>\n";
  add("mixed.trec", "", "broken-record");
  std::string deep;
  for (int i = 0; i < 10000; ++i) deep += "<div>";
  trec += trec_doc("DEEP-05", "<html><body>" + deep + "<p>Found at the bottom: quokkaecho and more words.</p></body></html>");
  add("mixed.trec", "DEEP-05", "indexed", "quokkaecho");
  std::string long_block = "<html><body><p>quokkafoxtrot";
  while (long_block.size() < 300 * 1024) long_block += " filler words of a block that never ends";
  trec += trec_doc("LONG-06", long_block + "</p></body></html>");
  add("mixed.trec", "LONG-06", "indexed", "quokkafoxtrot");
  trec += trec_doc("GOOD-07", page("quokkagolf"));
  add("mixed.trec", "GOOD-07", "indexed", "quokkagolf");
  write_file(dir / "mixed.trec", trec);

  // gzip: a good member, then a member cut short inside its record.
  const std::string cut = gzip_member(trec_doc("GZ-CUT-09", page("quokkaindia") + std::string(4000, ' ')));
  write_file(dir / "members.trec.gz",
             gzip_member(trec_doc("GZ-GOOD-08", page("quokkahotel"))) + cut.substr(0, cut.size() * 2 / 3));
  add("members.trec.gz", "GZ-GOOD-08", "indexed", "quokkahotel");
  add("members.trec.gz", "", "truncated-input");

  // A 50 MB page between two good ones: skipped as too large, the next one still read.
  {
    std::ofstream out(dir / "huge.trec", std::ios::binary);
    out << trec_doc("BIG-PRE-10", page("quokkajuliet")) << "<DOC>\n<DOCNO>HUGE-11</DOCNO>\n<html><body><p>";
    const std::string chunk(1 << 20, 'x');
    for (int i = 0; i < 50; ++i) out << chunk;
    out << "</p></body></html>\n</DOC>\n" << trec_doc("BIG-POST-12", page("quokkakilo"));
    BOOST_REQUIRE(out.good());
  }
  add("huge.trec", "BIG-PRE-10", "indexed", "quokkajuliet");
  add("huge.trec", "HUGE-11", "too-large");
  add("huge.trec", "BIG-POST-12", "indexed", "quokkakilo");

  // WARC: a record whose Content-Length is 60 bytes short, a request record, good ones.
  write_file(dir / "mixed.warc", warc_response("W-GOOD-13", page("quokkalima")) +
                                     warc_response("W-SHORT-14", page("quokkamike"), -60) +
                                     warc_response("W-REQUEST-15", "GET / HTTP/1.1", 0, "request") +
                                     warc_response("W-GOOD-16", page("quokkanovember")));
  add("mixed.warc", "W-GOOD-13", "indexed", "quokkalima");
  add("mixed.warc", "W-SHORT-14", "broken-record");
  add("mixed.warc", "W-REQUEST-15", "not-response");
  add("mixed.warc", "W-GOOD-16", "indexed", "quokkanovember");

  for (const char* name : {"mixed.trec", "members.trec.gz", "huge.trec"}) c.inputs.push_back(dir / name);
  return c;
}

IndexOptions options_for(std::vector<fs::path> inputs, const fs::path& out, InputFormat format) {
  IndexOptions o;
  o.inputs = std::move(inputs);
  o.out_dir = out;
  o.format = format;
  o.views = parse_view_specs("all");
  for (ViewSpec& v : parse_view_specs("min-words:10")) o.views.push_back(v);
  o.limits.max_block_bytes = 64 * 1024;
  o.commit_interval = 3;
  o.threads = 2;
  return o;
}

/// Checks \p summary and \p skips (what the sink heard) against \p expected, one record
/// each, and that \p views hold exactly the indexed records, good pages searchable.
void check_accounted(const std::vector<Expected>& expected, const IndexSummary& summary,
                     std::vector<SkipReport> skips, const std::vector<ViewSpec>& views) {
  std::size_t indexed = 0, empty = 0, skipped = 0;
  for (const Expected& e : expected) {
    BOOST_TEST_CONTEXT(e.file << " " << (e.docno.empty() ? "(no docno)" : e.docno) << " -> " << e.outcome) {
      if (e.outcome == "indexed" || e.outcome == "empty") {
        ++(e.outcome == "indexed" ? indexed : empty);
        continue;
      }
      ++skipped;
      // Exactly one report for this record: same file, reason, and docno when it has one.
      const auto match = std::find_if(skips.begin(), skips.end(), [&](const SkipReport& r) {
        return fs::path(r.file).filename() == e.file && skip_reason_name(r.reason) == e.outcome &&
               (e.docno.empty() || r.docno == e.docno);
      });
      BOOST_TEST((match != skips.end()), "no skip report");
      if (match != skips.end()) {
        BOOST_TEST(!match->message.empty());
        skips.erase(match);
      }
    }
  }
  for (const SkipReport& r : skips)
    BOOST_ERROR("skip report for no input record: " << r.file << "@" << r.offset << " " << r.docno << " "
                                                    << skip_reason_name(r.reason) << ": " << r.message);
  BOOST_TEST(summary.documents == indexed + empty);
  BOOST_TEST(summary.empty == empty);
  BOOST_TEST(summary.skipped == skipped);
  // Every record is counted once more in its input's entry of the manifest.
  std::uint64_t per_input = 0;
  for (const ManifestInput& in : read_manifest(summary.out_dir).inputs) per_input += in.documents + in.skipped;
  BOOST_TEST(per_input == indexed + empty + skipped);
  BOOST_TEST(summary.totals.documents + summary.totals.skipped == indexed + empty + skipped);

  for (const ViewSpec& view : views) {
    const Xapian::Database db((summary.out_dir / "views" / view.directory_name()).string());
    BOOST_TEST(db.get_doccount() == indexed + empty);
    for (const Expected& e : expected) {
      if (e.docno.empty()) continue;
      BOOST_TEST_CONTEXT(view.directory_name() << ": " << e.docno << " -> " << e.outcome) {
        const std::string id = docno_term(e.docno);
        if (e.outcome == "bad-docno") {  // a duplicate: the first copy stays, alone
          BOOST_TEST(db.get_termfreq(id) == 1u);
          continue;
        }
        const bool in_index = e.outcome == "indexed" || e.outcome == "empty";
        BOOST_TEST(db.get_termfreq(id) == (in_index ? 1u : 0u));
        if (e.outcome != "indexed" || !db.term_exists(id)) continue;
        const Xapian::docid docid = *db.postlist_begin(id);
        BOOST_TEST(db.get_document(docid).get_data() == e.docno);
        if (view.kind == ViewKind::All) {  // every good page is searchable by its word
          Xapian::Enquire enquire(db);
          enquire.set_query(Xapian::Query(e.word));
          const Xapian::MSet hits = enquire.get_mset(0, 10);
          BOOST_TEST(hits.size() == 1u);
          BOOST_TEST((hits.size() == 1u && *hits.begin() == docid));
        }
      }
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(nothing_lost)

BOOST_AUTO_TEST_CASE(every_record_of_a_broken_trec_collection_is_accounted_for_once) {
  ScratchDir tmp;
  const Collection c = make_collection(tmp.path);
  std::vector<Expected> trec;
  std::copy_if(c.expected.begin(), c.expected.end(), std::back_inserter(trec),
               [](const Expected& e) { return e.file != "mixed.warc"; });
  SkipRecorder sink;
  const IndexOptions o = options_for(c.inputs, tmp.path / "set", InputFormat::Trec);
  const IndexSummary summary = build_index_set(o, &sink);
  check_accounted(trec, summary, sink.skips, o.views);
}

BOOST_AUTO_TEST_CASE(every_record_of_a_broken_warc_file_is_accounted_for_once) {
  ScratchDir tmp;
  const Collection c = make_collection(tmp.path);
  std::vector<Expected> warc;
  std::copy_if(c.expected.begin(), c.expected.end(), std::back_inserter(warc),
               [](const Expected& e) { return e.file == "mixed.warc"; });
  SkipRecorder sink;
  const IndexOptions o = options_for({tmp.path / "mixed.warc"}, tmp.path / "set", InputFormat::Warc);
  const IndexSummary summary = build_index_set(o, &sink);
  check_accounted(warc, summary, sink.skips, o.views);
}

BOOST_AUTO_TEST_CASE(file_descriptors_do_not_grow_with_the_number_of_inputs) {
  ScratchDir tmp;
  const fs::path pages = tmp.path / "pages";
  for (int d = 0; d < 4; ++d) {
    fs::create_directories(pages / ("d" + std::to_string(d)));
    for (int i = 0; i < 100; ++i)
      write_file(pages / ("d" + std::to_string(d)) / ("p" + std::to_string(i) + ".html"), page("w" + std::to_string(i)));
  }
  const std::size_t before = open_fds();
  SkipRecorder sink;
  IndexOptions o = options_for({pages}, tmp.path / "set", InputFormat::Files);
  o.commit_interval = 25;
  const IndexSummary summary = build_index_set(o, &sink);
  BOOST_TEST(summary.documents == 400u);
  BOOST_TEST(sink.skips.empty());
  BOOST_TEST(sink.progress_calls >= 10u);
  BOOST_TEST(sink.inputs_finished == 400u);
  // Two views, each a handful of Xapian files, plus one input at a time: far below 400.
  BOOST_TEST(sink.max_fds <= before + 40, "at most " << sink.max_fds << " fds open, " << before << " before");
  BOOST_TEST(open_fds() == before);
}

BOOST_AUTO_TEST_SUITE_END()
