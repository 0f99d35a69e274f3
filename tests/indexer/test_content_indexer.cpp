#include <unistd.h>
#include <xapian.h>

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/content_indexer.hpp"
#include "xapian_dump.hpp"

using namespace boilerdex::indexer;
namespace fs = std::filesystem;

namespace {

const fs::path k_site = fs::path(BOILERDEX_FIXTURES_DIR) / "faces" / "site";

// Words that occur only in the fixture pages' navigation, sharing links and footers, and
// words of their titles, descriptions and main text.
const std::set<std::string> k_boilerplate_only = {"quokkashop",  "helpdesk",   "signin",
                                                  "zebrafooter", "termsofuse", "twitbook",
                                                  "facegram",    "homepage"};
const std::set<std::string> k_content = {"earthquakes", "sulphur",     "russet",
                                         "blacksmith",  "carborundum", "foucault"};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  BOOST_REQUIRE_MESSAGE(in, "missing fixture " << path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::set<std::string> terms_of(const Xapian::Document& doc) {
  return {doc.termlist_begin(), doc.termlist_end()};
}

std::set<std::string> terms_of(const Xapian::Database& db) {
  return {db.allterms_begin(), db.allterms_end()};
}

// A fresh directory under the temporary directory, removed at scope exit.
struct TempDir {
  fs::path path =
      fs::temp_directory_path() / ("boilerdex-content-indexer-" + std::to_string(::getpid()));
  TempDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

// The program called \p name on PATH, or "" when there is none.
std::string find_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path == nullptr ? "" : path);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir) / name;
    if (!dir.empty() && ::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

// Runs \p command through the shell with output to \p log; fails the test with the log
// when it exits non-zero.
void run_command(const std::string& command, const fs::path& log) {
  const int status = std::system((command + " >" + log.string() + " 2>&1").c_str());
  BOOST_REQUIRE_MESSAGE(status == 0, command << " failed (" << status << "):\n" << read_file(log));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(content_indexer)

BOOST_AUTO_TEST_CASE(content_blocks_and_title_only) {
  const ContentIndexer indexer("article");
  Xapian::TermGenerator termgen;
  termgen.set_stemmer(Xapian::Stem("en"));
  Xapian::Document doc;
  doc.add_term("Qvolcano");  // terms already there stay
  const auto page = indexer.index(read_file(k_site / "volcano.html"), doc, termgen);
  BOOST_TEST(page.document.title == "Volcano observatory report");
  const auto terms = terms_of(doc);
  BOOST_TEST(terms.count("Qvolcano") == 1u);
  BOOST_TEST(terms.count("Svolcano") == 1u);  // title under S, as omindex does
  BOOST_TEST(terms.count("observatory") == 1u);
  BOOST_TEST(terms.count("Zearthquak") == 1u);  // the termgen's stemmer applies
  BOOST_TEST(terms.count("café") == 1u);        // windows-1252 decoded
  for (const auto& t : k_boilerplate_only) BOOST_TEST(terms.count(t) == 0u, t);
  for (const auto& t : {"earthquakes", "sulphur"}) BOOST_TEST(terms.count(t) == 1u, t);
}

BOOST_AUTO_TEST_CASE(same_terms_as_termgenerator_on_the_kept_blocks) {
  ContentIndexerOptions options;
  options.index_title = false;
  const ContentIndexer indexer(options);
  Xapian::TermGenerator termgen;
  Xapian::Document doc;
  const auto page = indexer.index(read_file(k_site / "orchard.html"), doc, termgen);

  Xapian::TermGenerator reference;
  Xapian::Document expected;
  reference.set_document(expected);
  for (const auto& block : page.document.blocks) {
    if (!block.is_content) continue;
    reference.index_text(block.text);
    reference.increase_termpos(100);
  }
  BOOST_TEST(test::dump_terms(doc) == test::dump_terms(expected), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(phrases_do_not_match_across_blocks) {
  const ContentIndexer indexer("keep-everything");
  Xapian::TermGenerator termgen;
  Xapian::WritableDatabase db(std::string(), Xapian::DB_BACKEND_INMEMORY);
  Xapian::Document doc;
  indexer.index("<p>alpha beta</p><p>gamma delta</p>", doc, termgen);
  db.add_document(doc);
  Xapian::Enquire enquire(db);
  const auto matches = [&](const char* a, const char* b) {
    const std::vector<std::string> terms = {a, b};
    enquire.set_query(Xapian::Query(Xapian::Query::OP_PHRASE, terms.begin(), terms.end()));
    return enquire.get_mset(0, 10).size();
  };
  BOOST_TEST(matches("alpha", "beta") == 1u);
  BOOST_TEST(matches("beta", "gamma") == 0u);
}

BOOST_AUTO_TEST_CASE(boilerplate_under_a_prefix_on_request) {
  ContentIndexerOptions options;
  options.boilerplate_prefix = "XB";
  const ContentIndexer indexer(options);
  Xapian::TermGenerator termgen;
  Xapian::Document doc;
  indexer.index(read_file(k_site / "orchard.html"), doc, termgen);
  const auto terms = terms_of(doc);
  BOOST_TEST(terms.count("XBquokkashop") == 1u);
  BOOST_TEST(terms.count("quokkashop") == 0u);
  BOOST_TEST(terms.count("XBrusset") == 0u);
  BOOST_TEST(terms.count("russet") == 1u);
  BOOST_CHECK_THROW(ContentIndexer("no-such-extractor"), boilerdex::UsageError);
}

// The acceptance test of the omindex filter: Omega's omindex indexes the same pages with
// and without boilerdex-omindex-filter (both boilerplate handlings), and the databases are
// compared through the Xapian API. private.html says <meta name=robots content=noindex>:
// plain omindex skips it, and so must omindex with the filter.
BOOST_AUTO_TEST_CASE(omindex_with_the_filter_drops_boilerplate_terms) {
  const std::string omindex = find_program("omindex");
  if (omindex.empty()) {
    BOOST_TEST_MESSAGE("SKIPPED: omindex not found on PATH (Debian: xapian-omega)");
    return;
  }
  if (std::getenv("BOILERDEX_SANITIZED") != nullptr) {
    // omindex (unsanitized) runs the filter under an address-space rlimit that ASan's
    // shadow memory exceeds, and cannot load a sanitized binary's runtime first.
    BOOST_TEST_MESSAGE("SKIPPED: sanitized build: omindex cannot run a sanitized filter");
    return;
  }
  const fs::path filter = fs::path(BOILERDEX_BINARY_DIR) / "plugin" / "boilerdex-omindex-filter";
  if (!fs::exists(filter)) {
    BOOST_TEST_MESSAGE("SKIPPED: " << filter << " is not built");
    return;
  }
  const TempDir tmp;
  const std::string site = k_site.string();
  run_command(omindex + " --db " + (tmp.path / "plain").string() + " --url / " + site,
              tmp.path / "plain.log");
  for (const char* handling : {"drop", "noindex"}) {
    const std::string db = (tmp.path / handling).string();
    run_command(omindex + " --db " + db + " --url / '--filter=text/html,html:" + filter.string() +
                    " --extractor article --boilerplate " + handling + "' " + site,
                tmp.path / (std::string(handling) + ".log"));
  }

  const Xapian::Database plain((tmp.path / "plain").string());
  const auto plain_terms = terms_of(plain);
  BOOST_REQUIRE(plain.get_doccount() == 3u);
  for (const auto& t : k_boilerplate_only)
    BOOST_TEST(plain_terms.count(t) == 1u, "plain has " << t);

  for (const char* handling : {"drop", "noindex"}) {
    BOOST_TEST_CONTEXT("--boilerplate " << handling) {
      const Xapian::Database db((tmp.path / handling).string());
      BOOST_TEST(db.get_doccount() == 3u);
      const auto terms = terms_of(db);
      for (const auto& t : k_boilerplate_only)
        BOOST_TEST(terms.count(t) == 0u, "filtered lacks " << t);
      for (const auto& t : k_content) BOOST_TEST(terms.count(t) == 1u, "filtered has " << t);
      // Titles (omindex's S prefix), meta description words and decoded charsets survive.
      for (const auto& t :
           {"Svolcano", "Sorchard", "Stelescope", "seismograph", "pruning", "café", "ångström"}) {
        BOOST_TEST(terms.count(t) == 1u, "filtered has " << t);
      }
      BOOST_TEST(terms.count("wombatkeeper") == 0u);
      for (Xapian::docid id = 1; id <= db.get_lastdocid(); ++id) {
        const std::string data = db.get_document(id).get_data();
        BOOST_TEST(data.find("caption=") != std::string::npos);
        BOOST_TEST(data.find("Quokkashop") == std::string::npos);
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
