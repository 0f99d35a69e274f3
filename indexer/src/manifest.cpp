#include "boilerdex/indexer/manifest.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "json_file.hpp"

namespace boilerdex::indexer {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string_view kind_name(ViewKind k) {
  switch (k) {
    case ViewKind::All: return "all";
    case ViewKind::MinWords: return "min-words";
    case ViewKind::MinDensity: return "min-density";
    case ViewKind::Extractor: return "extractor";
  }
  return "all";
}

json to_json(const TermSettings& t) {
  return {{"language", t.language},   {"stem_strategy", t.stem_strategy}, {"stopwords", t.stopwords},
          {"positions", t.positions}, {"sweep_positions", t.sweep_positions},
          {"sweep_termlists", t.sweep_termlists}, {"index_title", t.index_title}, {"cjk_ngram", t.cjk_ngram},
          {"stem_per_language", t.stem_per_language}, {"language_stopwords", t.language_stopwords}};
}

TermSettings terms_from_json(const json& j) {
  TermSettings t;
  t.language = j.at("language").get<std::string>();
  t.stem_strategy = j.at("stem_strategy").get<std::string>();
  t.stopwords = j.at("stopwords").get<std::vector<std::string>>();
  t.positions = j.at("positions").get<bool>();
  t.sweep_positions = j.value("sweep_positions", true);  // older sets had positions in every view
  t.sweep_termlists = j.value("sweep_termlists", true);  // and termlists
  t.index_title = j.at("index_title").get<bool>();
  t.cjk_ngram = j.value("cjk_ngram", false);  // older sets indexed CJK runs whole
  t.stem_per_language = j.value("stem_per_language", false);  // and stemmed every page alike
  if (const auto lists = j.find("language_stopwords"); lists != j.end())
    t.language_stopwords = lists->get<std::map<std::string, std::vector<std::string>>>();
  return t;
}

/// A view's "path" must name a place inside the index set \p dir: relative, without "..",
/// and not leading out through a symlink (issue #16: a manifest saying views/all while
/// views/all links to ../../../../etc had that directory opened as a view).
/// \throws IndexError naming \p manifest and the view.
void check_view_path(const fs::path& dir, const fs::path& manifest, const std::string& spec, const std::string& path) {
  const fs::path p(path);
  bool lexical_ok = !path.empty() && p.is_relative();
  for (const fs::path& part : p) lexical_ok = lexical_ok && part != "..";
  std::error_code ec;
  bool inside = lexical_ok;
  if (lexical_ok && fs::exists(fs::symlink_status(dir / p, ec))) {
    const fs::path root = fs::weakly_canonical(dir, ec);
    const fs::path real = fs::weakly_canonical(dir / p, ec);
    const auto [r, _] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
    inside = !ec && r == root.end();
  }
  if (!inside)
    throw IndexError(manifest.string() + ": view " + spec + ": path '" + plugin::printable_bytes(path) +
                     "' leads outside the index set; refusing to open it");
}

bool is_sweep(const ViewSpec& view) noexcept {
  return view.kind == ViewKind::MinWords || view.kind == ViewKind::MinDensity;
}

}  // namespace

bool view_has_positions(const TermSettings& terms, const ViewSpec& view) noexcept {
  return terms.positions && (terms.sweep_positions || !is_sweep(view));
}

bool view_has_termlist(const TermSettings& terms, const ViewSpec& view) noexcept {
  return terms.sweep_termlists || !is_sweep(view);
}

const ManifestView* Manifest::find_view(std::string_view name) const noexcept {
  for (const ManifestView& v : views)
    if (v.view.spec() == name || v.view.directory_name() == name) return &v;
  for (const ManifestView& v : views) {
    if (!v.view.auto_threshold) continue;
    ViewSpec resolved = v.view;
    resolved.auto_threshold = false;
    if (resolved.spec() == name || resolved.directory_name() == name) return &v;
  }
  return nullptr;
}

const ManifestView* Manifest::find_view(const ViewSpec& view) const {
  if (const ManifestView* found = find_view(view.spec())) return found;
  if (view.kind != ViewKind::Extractor) return nullptr;
  // Only a name the set does not list as written is built, for its canonical form.
  const std::vector<ViewSpec> canonical = parse_view_specs(view.spec(), ExtractorNames::Checked);
  return canonical.size() == 1 ? find_view(canonical.front().spec()) : nullptr;
}

Manifest read_manifest(const fs::path& dir) { return read_manifest(dir, ManifestParts::All); }

Manifest read_manifest(const fs::path& dir, ManifestParts parts) {
  const fs::path path = dir / "manifest.json";
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IndexError(path.string() + ": cannot open (" + std::strerror(errno) + ")");
  json j;
  try {
    // Dropping "inputs" as it is parsed keeps one entry at a time in memory.
    const bool keep_inputs = parts == ManifestParts::All;
    j = json::parse(in, [keep_inputs](int depth, json::parse_event_t event, json& parsed) {
      return keep_inputs || !(depth == 1 && event == json::parse_event_t::key && parsed == "inputs");
    });
  } catch (const json::exception& e) {
    throw IndexError(path.string() + ": malformed JSON: " + e.what());
  }
  Manifest m;
  try {
    m.program_version = j.at("program_version").get<std::string>();
    m.created = j.at("created").get<std::string>();
    m.format = j.at("format").get<std::string>();
    m.terms = terms_from_json(j.at("terms"));
    m.config_toml = j.at("config_toml").get<std::string>();
    for (const json& v : j.at("views")) {
      ManifestView mv;
      const std::string spec = v.at("spec").get<std::string>();
      // The spec was checked when the set was built: reading it builds no extractor, so
      // a view whose model file is gone, or whose extractor's library this program does
      // not load (boilernet:), still opens.
      const std::vector<ViewSpec> parsed = parse_view_specs(spec, ExtractorNames::AsWritten);
      if (parsed.size() != 1) throw IndexError(path.string() + ": view '" + spec + "' is not a single view");
      mv.view = parsed.front();
      mv.path = v.at("path").get<std::string>();
      check_view_path(dir, path, spec, mv.path);
      mv.documents = v.at("documents").get<std::uint64_t>();
      mv.empty_documents = v.at("empty_documents").get<std::uint64_t>();
      mv.terms = v.at("terms").get<std::uint64_t>();
      mv.positions = v.value("positions", m.terms.positions);
      if (mv.view.auto_threshold) {
        mv.view.threshold = v.at("threshold").get<double>();
        mv.fit = detail::fit_from_json(v.at("auto_fit"));
      }
      if (v.contains("model")) {
        const json& f = v.at("model");
        mv.model = {detail::get_bytes(f, "path"), f.at("bytes").get<std::uint64_t>(),
                    f.at("sha256").get<std::string>()};
      }
      if (v.contains("fields")) mv.fields = v.at("fields").get<std::vector<std::string>>();
      m.views.push_back(std::move(mv));
    }
    if (parts == ManifestParts::All)
      for (const json& i : j.at("inputs")) m.inputs.push_back(detail::input_from_json(i));
    const json& counts = j.at("counts");
    m.documents = counts.at("documents").get<std::uint64_t>();
    m.empty = counts.at("empty").get<std::uint64_t>();
    m.skipped = counts.at("skipped").get<std::uint64_t>();
    m.complete = j.at("complete").get<bool>();
    if (j.contains("shard")) {
      m.shard_index = j.at("shard").at("index").get<std::uint32_t>();
      m.shard_count = j.at("shard").at("count").get<std::uint32_t>();
    }
    if (j.contains("shards_hex")) {
      for (const json& s : j.at("shards_hex")) m.shards.push_back(plugin::from_hex(s.get<std::string>()));
    } else if (j.contains("shards")) {
      m.shards = j.at("shards").get<std::vector<std::string>>();
    }
  } catch (const json::exception& e) {
    throw IndexError(path.string() + ": malformed manifest: " + e.what());
  } catch (const UsageError& e) {
    throw IndexError(path.string() + ": malformed manifest: " + e.what());
  } catch (const InputError& e) {  // a bad "shards_hex"
    throw IndexError(path.string() + ": malformed manifest: " + e.what());
  }
  if (!m.complete)
    throw IndexError(path.string() + ": the index set is incomplete (an interrupted run); rerun boilerdex-index with --resume or --overwrite");
  return m;
}

void write_manifest(const fs::path& dir, const Manifest& m) {
  std::size_t next = 0;
  detail::write_manifest_streaming(dir, m, [&](std::string& entry) {
    if (next == m.inputs.size()) return false;
    entry = detail::dump_json(detail::input_to_json(m.inputs[next++]));
    return true;
  });
}

namespace detail {

json input_to_json(const ManifestInput& i) {
  json j = {{"bytes", i.bytes},
          {"sha256", i.sha256},
          {"documents", i.documents},
          {"empty", i.empty},
          {"skipped", i.skipped},
          {"skipped_by_reason", i.skipped_by_reason},
          {"limits",
           {{"documents", i.limited}, {"depth", i.depth_limited}, {"blocks", i.blocks_limited},
            {"block_bytes", i.block_truncated}}}};
  put_bytes(j, "path", i.path);  // a path is bytes: lossless, whatever they are
  return j;
}

ManifestInput input_from_json(const json& i) {
  ManifestInput mi;
  mi.path = get_bytes(i, "path");
  mi.bytes = i.at("bytes").get<std::uint64_t>();
  mi.sha256 = i.at("sha256").get<std::string>();
  mi.documents = i.at("documents").get<std::uint64_t>();
  mi.empty = i.at("empty").get<std::uint64_t>();
  mi.skipped = i.at("skipped").get<std::uint64_t>();
  if (i.contains("skipped_by_reason"))  // absent in manifests written before it was recorded
    mi.skipped_by_reason = i.at("skipped_by_reason").get<std::map<std::string, std::uint64_t>>();
  if (i.contains("limits")) {  // absent in manifests written before limits were counted
    const json& l = i.at("limits");
    mi.limited = l.at("documents").get<std::uint64_t>();
    mi.depth_limited = l.at("depth").get<std::uint64_t>();
    mi.blocks_limited = l.at("blocks").get<std::uint64_t>();
    mi.block_truncated = l.at("block_bytes").get<std::uint64_t>();
  }
  return mi;
}

void write_manifest_streaming(const fs::path& dir, const Manifest& m,
                              const std::function<bool(std::string& entry)>& next_input) {
  json views = json::array();
  for (const ManifestView& v : m.views) {
    views.push_back({{"spec", v.view.spec()},
                     {"kind", kind_name(v.view.kind)},
                     {"threshold", v.view.threshold},
                     {"extractor", v.view.extractor},
                     {"path", v.path},
                     {"documents", v.documents},
                     {"empty_documents", v.empty_documents},
                     {"terms", v.terms},
                     {"positions", v.positions}});
    if (!v.fields.empty()) views.back()["fields"] = v.fields;
    if (v.view.auto_threshold) views.back()["auto_fit"] = fit_to_json(v.fit);
    if (!v.model.path.empty()) {
      json model = {{"bytes", v.model.bytes}, {"sha256", v.model.sha256}};
      put_bytes(model, "path", v.model.path);
      views.back()["model"] = std::move(model);
    }
  }
  json j = {{"program", "boilerdex-index"},
            {"program_version", m.program_version},
            {"created", m.created},
            {"format", m.format},
            {"terms", to_json(m.terms)},
            {"views", views},
            {"counts", {{"documents", m.documents}, {"empty", m.empty}, {"skipped", m.skipped}}},
            {"config_toml", m.config_toml},
            {"complete", m.complete}};
  if (m.shard_count > 0) j["shard"] = {{"index", m.shard_index}, {"count", m.shard_count}};
  if (!m.shards.empty()) {
    // Shard directories are the user's names: bytes, kept exactly as the stubs need them.
    json shards = json::array(), hex = json::array();
    bool exact = true;
    for (const std::string& s : m.shards) {
      shards.push_back(plugin::utf8_or_replacement(s));
      hex.push_back(plugin::to_hex(s));
      exact = exact && plugin::is_valid_utf8(s);
    }
    j["shards"] = std::move(shards);
    if (!exact) j["shards_hex"] = std::move(hex);
  }
  std::string head = dump_json(j, 2);  // "{\n  ...\n}": "inputs" goes before the closing brace
  head.resize(head.size() - 2);
  AtomicFile file(dir / "manifest.json");
  file.write(head);
  file.write(",\n  \"inputs\": [");
  std::string entry;
  for (bool first = true; next_input(entry); first = false) {
    file.write(first ? "\n    " : ",\n    ");
    file.write(entry);
  }
  file.write("\n  ]\n}\n");
  file.commit();
}

/// A pull scanner over one JSON text: finds the top-level "inputs" array and hands out its
/// elements' text. It validates only structure (strings, brackets); the caller parses each
/// element.
struct ManifestInputReader::Scanner {
  fs::path path;
  std::ifstream in;
  std::uint64_t offset = 0;
  std::uint64_t entry_offset = 0;  // where the last entry next() gave starts
  bool first = true, done = false;

  [[noreturn]] void fail(const std::string& what) const {
    throw IndexError(path.string() + "@" + std::to_string(offset) + ": malformed manifest: " + what);
  }
  int peek() { return in.peek(); }
  int get() {
    const int c = in.get();
    if (c == std::char_traits<char>::eof()) fail("unexpected end of file");
    ++offset;
    return c;
  }
  void skip_space() {
    for (int c = peek(); c == ' ' || c == '\n' || c == '\r' || c == '\t'; c = peek()) get();
  }
  void expect(char want) {
    skip_space();
    if (get() != want) fail(std::string("expected '") + want + "'");
  }
  /// Reads a string up to its closing quote (the opening one already read), appending its
  /// raw text, escapes as they are, to \p out.
  void string_body(std::string* out) {
    for (int c = get(); c != '"'; c = get()) {
      if (out) *out += static_cast<char>(c);
      if (c == '\\') {
        const int escaped = get();
        if (out) *out += static_cast<char>(escaped);
      }
    }
  }
  /// Reads one value, appending its text to \p out when given.
  void value(std::string* out) {
    skip_space();
    int depth = 0;
    do {
      const int c = get();
      if (out) *out += static_cast<char>(c);
      if (c == '"') {
        string_body(out);
        if (out) *out += '"';
      } else if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (--depth < 0) fail("unbalanced brackets");
      } else if (depth == 0) {  // a scalar: up to the next delimiter
        for (int d = peek(); d != ',' && d != '}' && d != ']' && d != ' ' && d != '\n' && d != '\r' && d != '\t' &&
                             d != std::char_traits<char>::eof();
             d = peek()) {
          get();
          if (out) *out += static_cast<char>(d);
        }
      }
    } while (depth > 0);
  }
};

ManifestInputReader::ManifestInputReader(const fs::path& dir) : m_scanner(std::make_unique<Scanner>()) {
  Scanner& s = *m_scanner;
  s.path = dir / "manifest.json";
  s.in.open(s.path, std::ios::binary);
  if (!s.in) throw IndexError(s.path.string() + ": cannot open (" + std::strerror(errno) + ")");
  s.expect('{');
  std::string key;
  while (true) {
    s.expect('"');
    key.clear();
    s.string_body(&key);
    s.expect(':');
    if (key == "inputs") break;
    s.value(nullptr);
    s.skip_space();
    if (s.get() != ',') s.fail("no \"inputs\" array");
  }
  s.expect('[');
}

ManifestInputReader::~ManifestInputReader() = default;
ManifestInputReader::ManifestInputReader(ManifestInputReader&&) noexcept = default;
ManifestInputReader& ManifestInputReader::operator=(ManifestInputReader&&) noexcept = default;

bool ManifestInputReader::next(std::string& entry) {
  Scanner& s = *m_scanner;
  if (s.done) return false;
  s.skip_space();
  if (s.first && s.peek() == ']') {
    s.get();
    s.done = true;
    return false;
  }
  if (!s.first) {
    const int c = s.get();
    if (c == ']') {
      s.done = true;
      return false;
    }
    if (c != ',') s.fail("expected ',' or ']' in \"inputs\"");
  }
  s.first = false;
  entry.clear();
  s.skip_space();
  s.entry_offset = s.offset;
  s.value(&entry);
  return true;
}

std::uint64_t ManifestInputReader::entry_offset() const noexcept { return m_scanner->entry_offset; }

}  // namespace detail

}  // namespace boilerdex::indexer
