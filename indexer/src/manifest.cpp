#include "boilerdex/indexer/manifest.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "boilerdex/indexer/index_error.hpp"
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
          {"positions", t.positions}, {"sweep_positions", t.sweep_positions}, {"index_title", t.index_title}};
}

TermSettings terms_from_json(const json& j) {
  TermSettings t;
  t.language = j.at("language").get<std::string>();
  t.stem_strategy = j.at("stem_strategy").get<std::string>();
  t.stopwords = j.at("stopwords").get<std::vector<std::string>>();
  t.positions = j.at("positions").get<bool>();
  t.sweep_positions = j.value("sweep_positions", true);  // older sets had positions in every view
  t.index_title = j.at("index_title").get<bool>();
  return t;
}

}  // namespace

bool view_has_positions(const TermSettings& terms, const ViewSpec& view) noexcept {
  const bool sweep = view.kind == ViewKind::MinWords || view.kind == ViewKind::MinDensity;
  return terms.positions && (terms.sweep_positions || !sweep);
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

Manifest read_manifest(const fs::path& dir) {
  const fs::path path = dir / "manifest.json";
  const json j = detail::read_json_file(path);
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
      const std::vector<ViewSpec> parsed = parse_view_specs(spec);
      if (parsed.size() != 1) throw IndexError(path.string() + ": view '" + spec + "' is not a single view");
      mv.view = parsed.front();
      mv.path = v.at("path").get<std::string>();
      mv.documents = v.at("documents").get<std::uint64_t>();
      mv.empty_documents = v.at("empty_documents").get<std::uint64_t>();
      mv.terms = v.at("terms").get<std::uint64_t>();
      mv.positions = v.value("positions", m.terms.positions);
      if (mv.view.auto_threshold) {
        mv.view.threshold = v.at("threshold").get<double>();
        mv.fit = detail::fit_from_json(v.at("auto_fit"));
      }
      m.views.push_back(std::move(mv));
    }
    for (const json& i : j.at("inputs")) {
      ManifestInput mi;
      mi.path = i.at("path").get<std::string>();
      mi.bytes = i.at("bytes").get<std::uint64_t>();
      mi.sha256 = i.at("sha256").get<std::string>();
      mi.documents = i.at("documents").get<std::uint64_t>();
      mi.empty = i.at("empty").get<std::uint64_t>();
      mi.skipped = i.at("skipped").get<std::uint64_t>();
      if (i.contains("limits")) {  // absent in manifests written before limits were counted
        const json& l = i.at("limits");
        mi.limited = l.at("documents").get<std::uint64_t>();
        mi.depth_limited = l.at("depth").get<std::uint64_t>();
        mi.blocks_limited = l.at("blocks").get<std::uint64_t>();
        mi.block_truncated = l.at("block_bytes").get<std::uint64_t>();
      }
      m.inputs.push_back(std::move(mi));
    }
    const json& counts = j.at("counts");
    m.documents = counts.at("documents").get<std::uint64_t>();
    m.empty = counts.at("empty").get<std::uint64_t>();
    m.skipped = counts.at("skipped").get<std::uint64_t>();
    m.complete = j.at("complete").get<bool>();
    if (j.contains("shard")) {
      m.shard_index = j.at("shard").at("index").get<std::uint32_t>();
      m.shard_count = j.at("shard").at("count").get<std::uint32_t>();
    }
    if (j.contains("shards")) m.shards = j.at("shards").get<std::vector<std::string>>();
  } catch (const json::exception& e) {
    throw IndexError(path.string() + ": malformed manifest: " + e.what());
  } catch (const UsageError& e) {
    throw IndexError(path.string() + ": malformed manifest: " + e.what());
  }
  if (!m.complete)
    throw IndexError(path.string() + ": the index set is incomplete (an interrupted run); rerun boilerdex-index with --resume or --overwrite");
  return m;
}

void write_manifest(const fs::path& dir, const Manifest& m) {
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
    if (v.view.auto_threshold) views.back()["auto_fit"] = detail::fit_to_json(v.fit);
  }
  json inputs = json::array();
  for (const ManifestInput& i : m.inputs)
    inputs.push_back({{"path", i.path},
                      {"bytes", i.bytes},
                      {"sha256", i.sha256},
                      {"documents", i.documents},
                      {"empty", i.empty},
                      {"skipped", i.skipped},
                      {"limits",
                       {{"documents", i.limited},
                        {"depth", i.depth_limited},
                        {"blocks", i.blocks_limited},
                        {"block_bytes", i.block_truncated}}}});
  json j = {{"program", "boilerdex-index"},
                  {"program_version", m.program_version},
                  {"created", m.created},
                  {"format", m.format},
                  {"terms", to_json(m.terms)},
                  {"views", views},
                  {"inputs", inputs},
                  {"counts", {{"documents", m.documents}, {"empty", m.empty}, {"skipped", m.skipped}}},
                  {"config_toml", m.config_toml},
                  {"complete", m.complete}};
  if (m.shard_count > 0) j["shard"] = {{"index", m.shard_index}, {"count", m.shard_count}};
  if (!m.shards.empty()) j["shards"] = m.shards;
  detail::write_json_file(dir / "manifest.json", j);
}

}  // namespace boilerdex::indexer
