#include "run_state_internal.hpp"

#include <exception>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "input_stream.hpp"
#include "json_file.hpp"

namespace boilerdex::indexer::detail {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// state.json's layout version: 2 streams finished inputs to inputs.jsonl.
constexpr int state_version = 2;

json state_json(const json& settings, const RunState& s) {
  json reading;  // null when no input was open at the commit
  if (s.reading)
    reading = {{"next_ordinal", s.reading_ordinal}, {"input", input_to_json(*s.reading)}};
  return {{"version", state_version},
          {"settings", settings},
          {"auto_fit", s.auto_fit ? fit_to_json(*s.auto_fit) : json()},
          {"committed",
           {{"documents", s.documents},
            {"commits", s.commits},
            {"inputs_done", {{"lines", s.inputs_done}, {"bytes", s.inputs_bytes}}},
            {"reading", reading},
            {"totals", input_to_json(s.totals)},
            {"view_empty", s.view_empty}}}};
}

void restore_state(const json& j, RunState& s, const fs::path& path) {
  try {
    const json& c = j.at("committed");
    s.documents = c.at("documents").get<Xapian::docid>();
    s.commits = c.at("commits").get<std::uint64_t>();
    s.inputs_done = c.at("inputs_done").at("lines").get<std::uint64_t>();
    s.inputs_bytes = c.at("inputs_done").at("bytes").get<std::uint64_t>();
    const json& reading = c.at("reading");
    s.reading.reset();
    if (!reading.is_null()) {
      s.reading = input_from_json(reading.at("input"));
      s.reading_ordinal = reading.at("next_ordinal").get<std::uint64_t>();
    }
    s.totals = input_from_json(c.at("totals"));
    s.view_empty = c.at("view_empty").get<std::vector<std::uint64_t>>();
    if (j.contains("auto_fit") && !j.at("auto_fit").is_null()) {
      s.auto_fit = fit_from_json(j.at("auto_fit"));
    }
  } catch (const json::exception& e) {
    throw IndexError(path.string() + ": malformed state file: " + e.what());
  }
}

/// The settings state.json records (settings_json's form; the views' model files by
/// their SHA-256 alone). \throws IndexError naming \p path when they are malformed.
BuildSettings settings_from_json(const json& j, const fs::path& path) {
  try {
    BuildSettings b;
    b.format = j.at("format").get<std::string>();
    const json& inputs = j.at("inputs");
    b.inputs = {inputs.at("files").get<std::uint64_t>(), inputs.at("bytes").get<std::uint64_t>(),
                inputs.at("sha256").get<std::string>()};
    const json models = j.value("models", json::object());
    for (const json& spec : j.at("views")) {
      const std::vector<ViewSpec> view = parse_view_specs(spec.get<std::string>(), ExtractorNames::AsWritten);
      if (view.size() != 1) throw IndexError(path.string() + ": malformed state file: view " + spec.dump());
      b.views.push_back(view.front());
      ManifestFile model;
      const auto found = models.find(spec.get<std::string>());
      if (found != models.end()) model.sha256 = found->get<std::string>();
      b.models.push_back(std::move(model));
    }
    const json& t = j.at("terms");
    b.terms.language = t.at("language").get<std::string>();
    b.terms.stem_strategy = t.at("stem_strategy").get<std::string>();
    b.terms.stopwords = t.at("stopwords").get<std::vector<std::string>>();
    b.terms.positions = t.at("positions").get<bool>();
    b.terms.sweep_positions = t.at("sweep_positions").get<bool>();
    b.terms.sweep_termlists = t.at("sweep_termlists").get<bool>();
    b.terms.index_title = t.at("index_title").get<bool>();
    b.terms.cjk_ngram = t.value("cjk_ngram", false);
    b.terms.stem_per_language = t.value("stem_per_language", false);
    if (const auto lists = t.find("language_stopwords"); lists != t.end())
      b.terms.language_stopwords = lists->get<std::map<std::string, std::vector<std::string>>>();
    return b;
  } catch (const json::exception& e) {
    throw IndexError(path.string() + ": malformed state file: " + e.what());
  } catch (const UsageError& e) {
    throw IndexError(path.string() + ": malformed state file: " + e.what());
  }
}

}  // namespace

ManifestFile checksum_file(const std::string& path) {
  InputStream in(path);
  std::string sha256 = in.finish_sha256();
  if (sha256.empty()) throw IndexError(path + ": cannot read the model file to its end: " + in.error());
  return ManifestFile{path, static_cast<std::uint64_t>(fs::file_size(path)), std::move(sha256)};
}

json settings_json(const BuildSettings& b) {
  // Strings as state.json will hold them (U+FFFD for bad bytes, dump_json's form).
  json v = json::array();
  for (const ViewSpec& s : b.views) v.push_back(plugin::utf8_or_replacement(s.spec()));
  const auto words = [](const std::vector<std::string>& list) {
    json out = json::array();
    for (const std::string& w : list) out.push_back(plugin::utf8_or_replacement(w));
    return out;
  };
  json language_stopwords = json::object();
  for (const auto& [language, list] : b.terms.language_stopwords) language_stopwords[language] = words(list);
  json m = json::object();
  for (std::size_t i = 0; i < b.views.size(); ++i)
    if (!b.models[i].path.empty()) m[b.views[i].spec()] = b.models[i].sha256;
  json settings = {{"format", b.format},
          {"views", v},
          {"inputs", {{"files", b.inputs.files}, {"bytes", b.inputs.bytes}, {"sha256", b.inputs.sha256}}},
          {"terms",
           {{"language", b.terms.language},
            {"stem_strategy", b.terms.stem_strategy},
            {"stopwords", words(b.terms.stopwords)},
            {"stem_per_language", b.terms.stem_per_language},
            {"language_stopwords", std::move(language_stopwords)},
            {"positions", b.terms.positions},
            {"sweep_positions", b.terms.sweep_positions},
            {"sweep_termlists", b.terms.sweep_termlists},
            {"index_title", b.terms.index_title},
            {"cjk_ngram", b.terms.cjk_ngram}}}};
  if (!m.empty()) settings["models"] = std::move(m);
  return settings;
}

OutputDirectory::OutputDirectory(const IndexOptions& options, BuildSettings settings)
    : m_options(options), m_settings(std::move(settings)), m_settings_json(settings_json(m_settings)) {}

bool OutputDirectory::prepare(RunState& state, std::size_t view_count) {
  const fs::path& dir = m_options.out_dir;
  std::error_code ec;
  const bool exists = fs::exists(dir, ec);
  const bool has_manifest = exists && fs::exists(manifest_path(), ec);
  const bool has_state = exists && fs::exists(state_path(), ec);
  const bool non_empty = exists && fs::is_directory(dir, ec) && !fs::is_empty(dir, ec);
  if (exists && !fs::is_directory(dir, ec)) throw IndexError(dir.string() + ": exists and is not a directory");

  if (m_options.existing == ExistingOutput::Overwrite) {
    if (non_empty && !has_manifest && !has_state && !fs::exists(dir / "views", ec))
      throw IndexError(dir.string() + ": not an index set (no manifest.json, state.json or views/); "
                       "refusing to delete it, choose another --out");
    // The manifest goes first: a crash while deleting must not leave a "complete" set.
    fs::remove(manifest_path(), ec);
    fs::remove(state_path(), ec);
    fs::remove(inputs_log_path(), ec);
    fs::remove_all(dir / "views", ec);
    if (ec) throw IndexError(dir.string() + ": cannot clear the old index set: " + ec.message());
  } else if (has_manifest && !has_state) {
    throw IndexError(dir.string() + ": already holds a complete index set; use --overwrite to rebuild it");
  } else if (has_state) {
    if (m_options.existing != ExistingOutput::Resume)
      throw IndexError(dir.string() + ": holds an interrupted run (" + committed_summary() +
                       "); use --resume to continue it or --overwrite to start clean");
    resume_state(state, view_count);
    return true;
  } else if (non_empty) {
    throw IndexError(dir.string() + ": exists and is not an index set; choose an empty or new directory");
  } else if (m_options.existing == ExistingOutput::Resume) {
    throw IndexError(dir.string() + ": no interrupted run to resume (no state.json)");
  }
  fs::create_directories(dir / "views", ec);
  if (ec) throw IndexError(dir.string() + ": cannot create: " + ec.message());
  write_state(state);  // from now on an interruption is detected
  return false;
}

std::string OutputDirectory::committed_summary() const {
  try {
    const json j = read_json_file(state_path());
    return std::to_string(j.at("committed").at("documents").get<std::uint64_t>()) + " documents committed";
  } catch (const std::exception&) {
    return "state unreadable";
  }
}

void OutputDirectory::resume_state(RunState& state, std::size_t view_count) {
  const json j = read_json_file(state_path());
  if (j.value("version", 0) != state_version)
    throw IndexError(state_path().string() + ": written by another version of boilerdex-index (state version " +
                     std::to_string(j.value("version", 0)) + ", this one reads " + std::to_string(state_version) +
                     "); use --overwrite to start clean");
  if (!j.contains("settings")) throw IndexError(state_path().string() + ": malformed state file: no settings");
  const SettingsDifference d =
      compare_settings(settings_from_json(j.at("settings"), state_path()), m_settings, SettingsMatch::Same);
  const std::pair<bool, const char*> differences[] = {
      {d.format, "format"}, {d.views, "views"}, {d.inputs, "inputs"}, {d.terms, "terms"}};
  for (const auto& [differs, key] : differences) {
    if (differs)
      throw IndexError(m_options.out_dir.string() + ": the interrupted run used different " + key +
                       "; resume with the same ones, or use --overwrite to start clean");
  }
  if (d.models)
    throw IndexError(m_options.out_dir.string() +
                     ": a view's model file changed since the interrupted run (SHA-256 differs); resume "
                     "with the same file, or use --overwrite to start clean");
  restore_state(j, state, state_path());
  if (state.view_empty.size() != view_count) throw IndexError(state_path().string() + ": view count differs");
}

void OutputDirectory::write_state(const RunState& state) const {
  write_json_file(state_path(), state_json(m_settings_json, state));
}

}  // namespace boilerdex::indexer::detail
