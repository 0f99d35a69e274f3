#include <boost/test/unit_test.hpp>

#include <set>

#include "boilerdex/config/default_extractor.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/view_spec.hpp"

using namespace boilerdex::indexer;

namespace {
std::vector<std::string> specs_of(std::string_view text) {
  std::vector<std::string> out;
  for (const ViewSpec& v : parse_view_specs(text)) out.push_back(v.spec());
  return out;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(view_spec)

BOOST_AUTO_TEST_CASE(single_specs_and_canonical_names) {
  BOOST_TEST(specs_of("all") == (std::vector<std::string>{"all"}), boost::test_tools::per_element());
  BOOST_TEST(specs_of("min-words:10") == (std::vector<std::string>{"min-words:10"}), boost::test_tools::per_element());
  BOOST_TEST(specs_of(" min-density:7.5 ") == (std::vector<std::string>{"min-density:7.5"}),
             boost::test_tools::per_element());
  BOOST_TEST(specs_of("min-density:07.50") == (std::vector<std::string>{"min-density:7.5"}),
             boost::test_tools::per_element());
  const ViewSpec v = parse_view_specs("min-density:7.5").front();
  BOOST_TEST((v.kind == ViewKind::MinDensity));
  BOOST_TEST(v.threshold == 7.5);
  BOOST_TEST(v.directory_name() == "min-density-7.5");
  BOOST_TEST(parse_view_specs("all").front().directory_name() == "all");
  BOOST_TEST(parse_view_specs("extractor:article").front().directory_name() == "extractor-article");
  BOOST_TEST(parse_view_specs("extractor:article").front().extractor == "article");
}

BOOST_AUTO_TEST_CASE(lists_and_ranges) {
  BOOST_TEST(specs_of("min-words:1,5,10") ==
                 (std::vector<std::string>{"min-words:1", "min-words:5", "min-words:10"}),
             boost::test_tools::per_element());
  const auto range = specs_of("min-density:1..20");
  BOOST_REQUIRE(range.size() == 20u);
  BOOST_TEST(range.front() == "min-density:1");
  BOOST_TEST(range.back() == "min-density:20");
  BOOST_TEST(specs_of("min-words:1..3,50") ==
                 (std::vector<std::string>{"min-words:1", "min-words:2", "min-words:3", "min-words:50"}),
             boost::test_tools::per_element());
  BOOST_TEST(specs_of("min-words:1,5,10,11,15,20,50,100").size() == 8u);
}

BOOST_AUTO_TEST_CASE(malformed_specs_are_usage_errors) {
  for (const char* bad : {"", "none", "min-words", "min-words:", "min-words:x", "min-words:-1", "min-words:2.5",
                          "min-density:5..1", "min-density:1.5..3", "all:1", "extractor:", "extractor:no-such",
                          "min-words:1,,2", "min-density:nan"}) {
    BOOST_TEST_CONTEXT(bad) { BOOST_CHECK_THROW((void)parse_view_specs(bad), boilerdex::UsageError); }
  }
}

// A manifest's specs are read as written: nothing is built, so an extractor this program
// does not know (boilernet: without its library) or whose model file is gone still parses.
BOOST_AUTO_TEST_CASE(extractor_names_as_written_build_nothing) {
  for (const char* spec : {"extractor:boilernet:model.pt", "extractor:learned:/no/such/model.json", "extractor:no-such"}) {
    BOOST_TEST_CONTEXT(spec) {
      BOOST_CHECK_THROW((void)parse_view_specs(spec), boilerdex::Error);  // unknown, or no model file
      const auto views = parse_view_specs(spec, ExtractorNames::AsWritten);
      BOOST_REQUIRE(views.size() == 1u);
      BOOST_TEST((views[0].kind == ViewKind::Extractor));
      BOOST_TEST(views[0].spec() == spec);
    }
  }
  // Everything else reads the same either way.
  for (const char* spec : {"all", "min-words:1..3,auto", "min-density:7.5", "extractor:article"})
    BOOST_TEST((parse_view_specs(spec, ExtractorNames::AsWritten) == parse_view_specs(spec)), spec);
  for (const char* bad : {"", "none", "min-words:x", "extractor:", "all:1"})
    BOOST_CHECK_THROW((void)parse_view_specs(bad, ExtractorNames::AsWritten), boilerdex::UsageError);
}

BOOST_AUTO_TEST_CASE(the_paper_default_set) {
  const auto views = default_view_specs();
  std::set<std::string> names;
  for (const ViewSpec& v : views) names.insert(v.directory_name());
  BOOST_TEST(names.size() == views.size());  // directory names are unique
  BOOST_TEST(views.front().spec() == "all");
  std::size_t words = 0, density = 0;
  for (const ViewSpec& v : views) {
    words += v.kind == ViewKind::MinWords;
    density += v.kind == ViewKind::MinDensity;
  }
  BOOST_TEST(words == 29u);  // 1..20, 25, 30, 40, ..., 100
  BOOST_TEST(density == 20u);
  BOOST_TEST(names.count("min-words-100") == 1u);
  BOOST_TEST(names.count("min-words-25") == 1u);
  BOOST_TEST(names.count("extractor-article") == 1u);
  BOOST_TEST(names.count("extractor-default") == 1u);
  // The default extractor has its view too, beside the paper's boilerpipe extractors.
  BOOST_TEST(names.count("extractor-best") == 1u);
  BOOST_TEST(names.count("extractor-" + std::string(boilerdex::config::k_default_extractor)) == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
