#include <boost/test/unit_test.hpp>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/extractor_registry.hpp"
#include "../page/test_block_builder.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::testing;

namespace {
bool message_contains(const boilerdex::UsageError& e, const std::string& what) {
  return std::string(e.what()).find(what) != std::string::npos;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(extractor_registry)

BOOST_AUTO_TEST_CASE(lists_every_builtin_in_order) {
  std::vector<std::string> names;
  for (const auto& info : list_extractors()) {
    names.push_back(info.name);
    BOOST_TEST(!info.description.empty());
  }
  const std::vector<std::string> builtins = {
      "article",         "default",           "largest-content", "canola",
      "num-words-rules", "article-sentences", "keep-everything", "keep-everything-min-words:K",
      "density-rules",   "cleaneval",         "min-words:K",     "article-2012"};
  BOOST_REQUIRE(names.size() >= builtins.size());
  BOOST_TEST(std::vector<std::string>(names.begin(), names.begin() + 12) == builtins,
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(makes_by_name_with_canonical_names) {
  for (const std::string spec :
       {"article", "default", "largest-content", "canola", "num-words-rules", "article-sentences",
        "keep-everything", "keep-everything-min-words:10", "density-rules", "cleaneval",
        "min-words:0", "article-2012"}) {
    const auto e = make_extractor(spec);
    BOOST_REQUIRE(e != nullptr);
    BOOST_TEST(e->name() == spec);
  }
  TextDocument doc = document({block("a", 3), block("b", 12)});
  make_extractor("min-words:10")->process(doc);
  BOOST_TEST(doc.content() == "b\n");
}

BOOST_AUTO_TEST_CASE(rejects_unknown_and_malformed_specs) {
  BOOST_CHECK_EXCEPTION((void)make_extractor("nope"), boilerdex::UsageError, [](const auto& e) {
    return message_contains(e, "nope") && message_contains(e, "article");
  });
  BOOST_CHECK_EXCEPTION((void)make_extractor("min-words"), boilerdex::UsageError,
                        [](const auto& e) { return message_contains(e, "min-words:K"); });
  for (const std::string bad : {"min-words:", "min-words:x", "min-words:-1", "min-words:1x",
                                "min-words:99999999999", "min-words:1000001", "article:3", ""}) {
    BOOST_CHECK_THROW((void)make_extractor(bad), boilerdex::UsageError);
  }
}

BOOST_AUTO_TEST_CASE(later_modules_register_by_name) {
  class Nothing final : public Extractor {
   public:
    [[nodiscard]] std::string name() const override { return "test-nothing"; }
    void process(TextDocument& doc) const override {
      for (auto& b : doc.blocks) b.is_content = false;
    }
  };
  const auto nothing = [](int) { return std::make_unique<Nothing>(); };
  register_extractor({.name = "test-nothing", .description = "marks nothing", .factory = nothing});
  BOOST_TEST(make_extractor("test-nothing")->name() == "test-nothing");
  BOOST_TEST(list_extractors().back().name == "test-nothing");
  BOOST_CHECK_THROW(
      register_extractor({.name = "test-nothing", .description = "again", .factory = nothing}),
      boilerdex::UsageError);
  BOOST_CHECK_THROW(
      register_extractor({.name = "Bad Name", .description = "x", .factory = nothing}),
      boilerdex::UsageError);
  BOOST_CHECK_THROW(register_extractor({.name = "no-factory", .description = "x"}),
                    boilerdex::UsageError);
}

BOOST_AUTO_TEST_CASE(families_with_a_free_form_argument) {
  std::vector<std::string> seen;
  register_extractor({.name = "test-wrap",
                      .description = "wraps a base extractor",
                      .argument_factory =
                          [&seen](std::string_view argument) {
                            seen.emplace_back(argument);
                            if (argument == "bad")
                              throw boilerdex::UsageError("test-wrap: bad argument");
                            return make_extractor("keep-everything");
                          },
                      .argument_syntax = "[:BASE[:DEPTH]]"});
  BOOST_TEST(list_extractors().back().name == "test-wrap[:BASE[:DEPTH]]");
  BOOST_TEST(!list_extractors().back().needs_argument);  // bracketed: optional
  BOOST_TEST(make_extractor("test-wrap")->name() == "keep-everything");
  (void)make_extractor("test-wrap:article:2");
  const std::vector<std::string> expected = {"", "article:2"};
  BOOST_TEST(seen == expected, boost::test_tools::per_element());
  BOOST_CHECK_THROW((void)make_extractor("test-wrap:bad"), boilerdex::UsageError);
  BOOST_CHECK_THROW(
      register_extractor(
          {.name = "test-both",
           .description = "x",
           .factory = [](int) { return make_extractor("article"); },
           .argument_factory = [](std::string_view) { return make_extractor("article"); }}),
      boilerdex::UsageError);
}

BOOST_AUTO_TEST_CASE(a_syntax_without_brackets_marks_a_required_argument) {
  register_extractor({.name = "test-model",
                      .description = "needs a model file",
                      .argument_factory = [](std::string_view) { return make_extractor("article"); },
                      .argument_syntax = ":PATH"});
  const auto list = list_extractors();
  BOOST_TEST(list.back().name == "test-model:PATH");
  BOOST_TEST(list.back().needs_argument);
  for (const auto& info : list) {
    if (info.name == "article" || info.name.starts_with("min-words:") ||
        info.name.starts_with("dom-ancestor")) {
      BOOST_TEST(!info.needs_argument, info.name);
    }
    if (info.name == "learned:PATH") BOOST_TEST(info.needs_argument);
  }
}

BOOST_AUTO_TEST_CASE(page_overload_defaults_to_process) {
  TextDocument doc = document({block("a", 3), block("b", 12)});
  const auto e = make_extractor("min-words:10");
  e->process(doc, "<p>a</p><p>b</p>");
  BOOST_TEST(doc.content() == "b\n");
}

BOOST_AUTO_TEST_SUITE_END()
