// Training a tiny BoilerNet on the hand-written pages of tests/fixtures/boilernet:
// it learns them, deterministically; the model file round-trips exactly; bad files give
// clear errors; the model runs as the extractor "boilernet:MODEL".
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

#include "boilerdex/boilernet/extractor.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "training.hpp"
#include "training_data.hpp"

namespace bn = boilerdex::plugin::boilernet;
namespace plugin = boilerdex::plugin;
namespace fs = std::filesystem;

namespace {

struct Labelled {
  std::vector<bn::TrainingPage> pages;
  std::vector<std::vector<float>> labels;
};

const Labelled& fixture_pages() {
  static const Labelled data = [] {
    Labelled d;
    const plugin::Dataset dataset = plugin::open_dataset(plugin::parse_dataset_spec(
        std::string("l3s-gn1:") + BOILERDEX_FIXTURES_DIR + "/boilernet"));
    for (const auto& page : dataset.pages) {
      const bn::LabelledPage p = bn::load_labelled_page(dataset, page);
      d.pages.push_back({bn::extract_features(p.doc, p.html), p.labels});
      d.labels.push_back(p.labels);
    }
    return d;
  }();
  return data;
}

bn::TrainingOptions tiny_options() {
  bn::TrainingOptions o;
  o.model = {.max_tags = 12, .max_words = 60, .dense = 16, .hidden = 8, .layers = 1, .dropout = 0.0};
  o.epochs = 40;
  o.batch_pages = 2;
  o.learning_rate = 0.02;
  o.seed = 7;
  return o;
}

struct Trained {
  bn::Model model;
  bn::TrainingReport report;
};

const Trained& tiny_model() {
  static const Trained trained = [] {
    bn::set_torch_threads(1);
    bn::TrainingReport report;
    bn::Model model = bn::train(fixture_pages().pages, tiny_options(), &report);
    return Trained{std::move(model), std::move(report)};
  }();
  return trained;
}

std::vector<std::vector<float>> predictions(const bn::Model& model) {
  std::vector<std::vector<float>> out;
  for (const auto& page : fixture_pages().pages)
    out.push_back(model.predict(bn::encode(page.features, model.vocabulary())));
  return out;
}

// A scratch folder removed at the end of the test.
struct Scratch {
  fs::path dir = fs::temp_directory_path() /
                 ("boilerdex-boilernet-test-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

void write_file(const fs::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The message of the InputError \p f throws (fails the test when it throws none).
template <typename F>
std::string input_error(F&& f) {
  try {
    f();
  } catch (const boilerdex::InputError& e) {
    return e.what();
  }
  BOOST_ERROR("no InputError thrown");
  return {};
}

const char* const k_unseen_page =
    "<html><head><title>Ferry timetable changes</title></head><body>"
    "<div id=\"header\"><ul class=\"nav\"><li><a href=\"/home\">Home</a></li>"
    "<li><a href=\"/world\">World</a></li><li><a href=\"/sports\">Sports</a></li>"
    "<li><a href=\"/contact\">Contact</a></li></ul></div>"
    "<div id=\"content\"><h1>Ferry timetable changes</h1>"
    "<p>Passengers travelling to the island must check the winter timetable before leaving.</p>"
    "<p>Two early sailings move forward by half an hour from the first of November.</p></div>"
    "<div id=\"sidebar\"><h3>Related stories</h3><ul><li><a href=\"/r0\">Council votes on "
    "parking fees</a></li></ul></div>"
    "<div id=\"footer\"><p>Copyright 2008 Example News. All rights reserved.</p></div>"
    "</body></html>";

}  // namespace

BOOST_AUTO_TEST_SUITE(model)

BOOST_AUTO_TEST_CASE(tiny_model_learns_the_fixture_pages) {
  const Trained& t = tiny_model();
  BOOST_TEST_REQUIRE(t.report.epoch_loss.size() == 40u);
  BOOST_TEST(t.report.pages == 6u);
  BOOST_TEST(t.report.blocks == 78u);
  BOOST_TEST(t.report.positives == 24u);
  BOOST_TEST(t.report.positive_weight == 78.0 / 48.0);
  BOOST_TEST(t.report.epoch_loss.back() < 0.25 * t.report.epoch_loss.front(),
             "loss " << t.report.epoch_loss.front() << " → " << t.report.epoch_loss.back());
  const auto p = predictions(t.model);
  for (std::size_t page = 0; page < p.size(); ++page) {
    const auto& labels = fixture_pages().labels[page];
    BOOST_TEST_REQUIRE(p[page].size() == labels.size());
    for (std::size_t b = 0; b < labels.size(); ++b)
      BOOST_TEST((p[page][b] >= 0.5f) == (labels[b] == 1.0f), "page " << page << " block " << b);
  }
}

BOOST_AUTO_TEST_CASE(training_is_deterministic_with_a_fixed_seed) {
  const Trained& first = tiny_model();
  bn::TrainingReport report;
  const bn::Model again = bn::train(fixture_pages().pages, tiny_options(), &report);
  BOOST_TEST(report.epoch_loss == first.report.epoch_loss, boost::test_tools::per_element());
  const auto a = predictions(first.model);
  const auto b = predictions(again);
  for (std::size_t i = 0; i < a.size(); ++i) BOOST_TEST(a[i] == b[i], boost::test_tools::per_element());
  // Another seed gives another model (the test above is not vacuous).
  auto options = tiny_options();
  options.seed = 8;
  const bn::Model other = bn::train(fixture_pages().pages, options);
  BOOST_TEST((predictions(other) != a));
}

BOOST_AUTO_TEST_CASE(a_padded_batch_scores_each_page_as_it_scores_alone) {
  // Training runs pages of different lengths as one packed batch; inference one page.
  const bn::Model& model = tiny_model().model;
  bn::Model& net_owner = const_cast<bn::Model&>(model);
  const auto& pages = fixture_pages().pages;
  const bn::PageBags short_page = bn::encode(pages[0].features, model.vocabulary());
  bn::PageFeatures longer = pages[1].features;  // pages[1] twice over: 26 blocks
  const auto blocks = longer.blocks();
  const auto tags = static_cast<std::uint32_t>(longer.tags.size());
  const auto words = static_cast<std::uint32_t>(longer.words.size());
  longer.tags.insert(longer.tags.end(), pages[1].features.tags.begin(), pages[1].features.tags.end());
  longer.words.insert(longer.words.end(), pages[1].features.words.begin(), pages[1].features.words.end());
  for (std::size_t b = 0; b < blocks; ++b) {
    longer.tag_end.push_back(tags + longer.tag_end[b]);
    longer.word_end.push_back(words + longer.word_end[b]);
  }
  const bn::PageBags long_page = bn::encode(longer, model.vocabulary());
  const bn::Batch batch = bn::make_batch({&short_page, &long_page});
  torch::Tensor p;
  {
    const c10::InferenceMode inference;
    p = torch::sigmoid(net_owner.net()->forward(batch.indices, batch.offsets, batch.weights, batch.lengths));
  }
  BOOST_TEST_REQUIRE(p.size(1) == static_cast<std::int64_t>(2 * blocks));
  const auto alone_short = model.predict(short_page);
  const auto alone_long = model.predict(long_page);
  for (std::size_t b = 0; b < alone_short.size(); ++b)
    BOOST_TEST(p[0][static_cast<std::int64_t>(b)].item<float>() == alone_short[b],
               boost::test_tools::tolerance(1e-5f));
  for (std::size_t b = 0; b < alone_long.size(); ++b)
    BOOST_TEST(p[1][static_cast<std::int64_t>(b)].item<float>() == alone_long[b],
               boost::test_tools::tolerance(1e-5f));
}

BOOST_AUTO_TEST_CASE(save_and_load_give_identical_outputs) {
  const Scratch scratch;
  const fs::path file = scratch.dir / "tiny.bnet";
  tiny_model().model.save(file);
  const bn::Model loaded = bn::Model::load(file);
  BOOST_TEST(loaded.vocabulary().tags() == tiny_model().model.vocabulary().tags(),
             boost::test_tools::per_element());
  BOOST_TEST(loaded.vocabulary().words() == tiny_model().model.vocabulary().words(),
             boost::test_tools::per_element());
  BOOST_TEST(loaded.hyperparameters().hidden == 8);
  const auto a = predictions(tiny_model().model);
  const auto b = predictions(loaded);
  for (std::size_t i = 0; i < a.size(); ++i) BOOST_TEST(a[i] == b[i], boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(bad_model_files_give_clear_errors) {
  const Scratch scratch;
  const fs::path good = scratch.dir / "good.bnet";
  tiny_model().model.save(good);
  const std::string bytes = read_file(good);

  const fs::path missing = scratch.dir / "missing.bnet";
  std::string m = input_error([&] { (void)bn::Model::load(missing); });
  BOOST_TEST(m.find(missing.string()) != std::string::npos, m);
  BOOST_TEST(m.find("no such model file") != std::string::npos, m);

  const fs::path text = scratch.dir / "text.bnet";
  write_file(text, "this is not a model\n");
  m = input_error([&] { (void)bn::Model::load(text); });
  BOOST_TEST(m.find(text.string()) != std::string::npos, m);
  BOOST_TEST(m.find("not a usable BoilerNet model") != std::string::npos, m);

  const fs::path truncated = scratch.dir / "truncated.bnet";
  write_file(truncated, std::string_view(bytes).substr(0, bytes.size() / 2));
  m = input_error([&] { (void)bn::Model::load(truncated); });
  BOOST_TEST(m.find("not a usable BoilerNet model") != std::string::npos, m);

  // A valid torch archive that is not ours.
  const fs::path foreign = scratch.dir / "foreign.pt";
  {
    torch::serialize::OutputArchive archive;
    archive.write("weights", torch::ones({3}));
    archive.save_to(foreign.string());
  }
  m = input_error([&] { (void)bn::Model::load(foreign); });
  BOOST_TEST(m.find("format") != std::string::npos, m);

  // Weights that do not fit the declared vocabulary: a model whose vocabulary lost a word.
  const fs::path mismatched = scratch.dir / "mismatched.bnet";
  {
    const bn::Model& t = tiny_model().model;
    torch::serialize::OutputArchive archive;
    archive.write("format", c10::IValue(std::string("boilerdex-boilernet")));
    archive.write("version", c10::IValue(std::int64_t{1}));
    const auto& h = t.hyperparameters();
    archive.write("hyper", c10::IValue(c10::List<std::int64_t>(
                               {h.max_tags, h.max_words, h.dense, h.hidden, h.layers})));
    archive.write("dropout", c10::IValue(h.dropout));
    c10::List<std::string> tags, words;
    for (const auto& s : t.vocabulary().tags()) tags.push_back(s);
    for (std::size_t i = 1; i < t.vocabulary().words().size(); ++i)
      words.push_back(t.vocabulary().words()[i]);
    archive.write("tags", c10::IValue(tags));
    archive.write("words", c10::IValue(words));
    torch::serialize::OutputArchive net;
    const_cast<bn::Model&>(t).net()->save(net);
    archive.write("net", net);
    archive.save_to(mismatched.string());
  }
  m = input_error([&] { (void)bn::Model::load(mismatched); });
  BOOST_TEST(m.find("do not match") != std::string::npos, m);
}

BOOST_AUTO_TEST_CASE(the_model_runs_as_the_extractor_boilernet_model) {
  const Scratch scratch;
  const fs::path file = scratch.dir / "tiny.bnet";
  tiny_model().model.save(file);
  bn::register_boilernet_extractor();
  bn::register_boilernet_extractor();  // idempotent
  const auto extractor = plugin::make_extractor("boilernet:" + file.string());
  BOOST_TEST(extractor->name() == "boilernet:" + file.string());

  const std::string html = k_unseen_page;
  plugin::TextDocument doc = plugin::segment_html(html);
  extractor->process(doc, html);
  BOOST_TEST(doc.content() ==
             "Ferry timetable changes\n"
             "Passengers travelling to the island must check the winter timetable before "
             "leaving.\n"
             "Two early sailings move forward by half an hour from the first of November.\n");
  for (const auto& b : doc.blocks) BOOST_TEST((b.score >= 0.0f && b.score <= 1.0f));

  plugin::TextDocument no_page = plugin::segment_html(html);
  BOOST_CHECK_THROW(extractor->process(no_page), boilerdex::UsageError);
  BOOST_CHECK_THROW((void)plugin::make_extractor("boilernet"), boilerdex::UsageError);
  const std::string m = input_error(
      [&] { (void)plugin::make_extractor("boilernet:" + (scratch.dir / "nope.bnet").string()); });
  BOOST_TEST(m.find("nope.bnet") != std::string::npos, m);
  bool listed = false;
  for (const auto& info : plugin::list_extractors()) listed |= info.name == "boilernet:MODEL";
  BOOST_TEST(listed);
}

BOOST_AUTO_TEST_CASE(one_extractor_serves_several_threads_at_once) {
  const Scratch scratch;
  const fs::path file = scratch.dir / "tiny.bnet";
  tiny_model().model.save(file);
  const auto extractor = bn::make_boilernet_extractor(file.string());
  const std::string html = k_unseen_page;
  const plugin::TextDocument parsed = plugin::segment_html(html);
  std::vector<float> expected;
  {
    plugin::TextDocument doc = parsed;
    extractor->process(doc, html);
    for (const auto& b : doc.blocks) expected.push_back(b.score);
  }
  constexpr int k_threads = 4;
  constexpr int k_rounds = 25;
  std::vector<int> mismatches(k_threads, 0);
  std::vector<std::thread> pool;
  for (int t = 0; t < k_threads; ++t) {
    pool.emplace_back([&, t] {
      for (int r = 0; r < k_rounds; ++r) {
        plugin::TextDocument doc = parsed;
        extractor->process(doc, html);
        for (std::size_t i = 0; i < doc.blocks.size(); ++i)
          mismatches[t] += doc.blocks[i].score != expected[i] ? 1 : 0;
      }
    });
  }
  for (auto& t : pool) t.join();
  for (int t = 0; t < k_threads; ++t) BOOST_TEST(mismatches[t] == 0, "thread " << t);
}

BOOST_AUTO_TEST_CASE(training_rejects_what_it_cannot_use) {
  std::vector<bn::TrainingPage> pages{fixture_pages().pages.front()};
  pages.front().labels.pop_back();
  BOOST_CHECK_THROW((void)bn::train(pages, tiny_options()), boilerdex::UsageError);
  BOOST_CHECK_THROW((void)bn::train({}, tiny_options()), boilerdex::UsageError);
  auto options = tiny_options();
  options.model.dropout = 1.0;
  BOOST_CHECK_THROW((void)bn::train(fixture_pages().pages, options), boilerdex::UsageError);
}

BOOST_AUTO_TEST_SUITE_END()
