// The page metadata every view's documents carry (document_layout.hpp, issue #19 item 3):
// the cleaned title, the date, author, site name, language and page type as values, filter
// terms and author words, none of which changes a document's length (so BM25 is unchanged).
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>
#include <xapian.h>

#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;
using boilerdex::indexer::test::TempDir;

namespace {

const fs::path metadata_trec = fs::path(BOILERDEX_FIXTURES_DIR) / "query" / "metadata.trec";

/// Builds metadata.trec into \p out with views all and min-words:10 (direct with one view).
void build(const fs::path& out, bool one_view = false) {
  IndexOptions o;
  o.inputs = {metadata_trec};
  o.out_dir = out;
  o.views = parse_view_specs("all");
  if (!one_view) o.views.push_back(parse_view_specs("min-words:10").front());
  o.threads = 1;
  (void)build_index_set(o, nullptr);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(document_metadata)

BOOST_AUTO_TEST_CASE(values_terms_and_manifest_fields) {
  for (const bool one_view : {false, true}) {
    BOOST_TEST_CONTEXT("one view: " << one_view) {
      TempDir tmp("metadata");
      build(tmp.path / "set", one_view);
      const Manifest m = read_manifest(tmp.path / "set");
      for (const ManifestView& v : m.views)
        BOOST_TEST(v.fields == (std::vector<std::string>{"title", "date", "author", "sitename", "language", "page_type"}),
                   boost::test_tools::per_element());
      Xapian::Database db((tmp.path / "set/views/all").string());
      const Xapian::Document news = db.get_document(1);  // META-001: JSON-LD NewsArticle
      BOOST_TEST(news.get_value(value_title) == "Penguins cross the ice");  // the site name (og:site_name) cut off
      BOOST_TEST(news.get_value(value_date) == "20210305");
      BOOST_TEST(news.get_value(value_author) == "Ada Lovelace");
      BOOST_TEST(news.get_value(value_sitename) == "Polar News");
      BOOST_TEST(news.get_value(value_language) == "en-GB");
      BOOST_TEST(news.get_value(value_page_type) == "article");
      for (const char* term : {"XLen-gb", "XLen", "XSpolar news", "XTarticle", "Alovelace", "ZAlovelac", "Aada"})
        BOOST_TEST(db.term_exists(term), term);
      // The terms still come from the <title> as the page has it.
      BOOST_TEST(db.term_exists("Spolar"));
      const Xapian::Document forum = db.get_document(2);  // META-002: DiscussionForumPosting
      BOOST_TEST(forum.get_value(value_page_type) == "forum");
      BOOST_TEST(forum.get_value(value_date) == "20190701");
      BOOST_TEST(db.get_termfreq("XLde") == 1u);
      BOOST_TEST(db.get_termfreq("XTproduct") == 1u);  // META-003
      const Xapian::Document plain = db.get_document(4);  // META-004: no metadata
      BOOST_TEST(plain.get_value(value_title) == "Notes on penguins");  // the <title> then
      BOOST_TEST(plain.get_value(value_date).empty());
      BOOST_TEST(plain.get_value(value_author).empty());
      // META-005: "Blog » Post" whose <h1> links home: that names the site, so the post's title.
      BOOST_TEST(db.get_document(5).get_value(value_title) == "Back to the baby");
      // Metadata terms weigh nothing (wdf 0), so no document's length, and no BM25 score,
      // moves (the regression test cli_regression_sample checks the scores themselves).
      for (Xapian::docid d = 1; d <= db.get_lastdocid(); ++d) {
        Xapian::termcount meta = 0;
        for (auto t = db.termlist_begin(d); t != db.termlist_end(d); ++t) {
          const std::string name = *t;
          if (name.rfind("A", 0) == 0 || name.rfind("ZA", 0) == 0 || name.rfind("X", 0) == 0) meta += t.get_wdf();
        }
        BOOST_TEST(meta == 0u);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(filter_keys_and_dates) {
  BOOST_TEST(filter_key("  The\tGuardian ") == "the guardian");
  BOOST_TEST(filter_key("en-GB") == "en-gb");
  BOOST_TEST(filter_key(std::string(300, 'x')).size() == 200u);
  BOOST_TEST(filter_key(std::string(199, 'x') + "\xc3\xa9").size() == 199u);  // not inside a character
  BOOST_TEST(date_value("2021-03-05") == "20210305");
  BOOST_TEST(date_value("2021-3-05").empty());
  BOOST_TEST(date_value("2021/03/05").empty());
  BOOST_TEST(date_value("").empty());
}

BOOST_AUTO_TEST_SUITE_END()
