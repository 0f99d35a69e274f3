#include "boilerdex/indexer/shards.hpp"

#include <algorithm>
#include <charconv>
#include <xapian.h>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/build_settings.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "json_file.hpp"

namespace boilerdex::indexer {
namespace fs = std::filesystem;

ShardSpec parse_shard_spec(std::string_view text) {
  const auto bad = [&] {
    return UsageError("bad shard '" + std::string(text) + "' (expected I/S with 0 <= I < S, e.g. 0/4)");
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) throw bad();
  ShardSpec s;
  const char* end = text.data() + text.size();
  const auto i = std::from_chars(text.data(), text.data() + slash, s.index);
  const auto c = std::from_chars(text.data() + slash + 1, end, s.count);
  if (slash == 0 || i.ec != std::errc() || i.ptr != text.data() + slash || c.ec != std::errc() || c.ptr != end ||
      slash + 1 == text.size() || s.count == 0 || s.index >= s.count)
    throw bad();
  return s;
}

namespace {

/// \throws IndexError naming the DOCNO and both shards when one occurs in two shards.
/// A k-way merge of the shards' sorted DOCNO terms: constant memory per shard.
void check_unique_docnos(const std::vector<fs::path>& dirs, const std::vector<Manifest>& shards) {
  std::vector<Xapian::Database> dbs;
  std::vector<Xapian::TermIterator> it, end;
  const std::string prefix(docno_prefix);
  for (std::size_t s = 0; s < shards.size(); ++s) {
    const fs::path p = dirs[s] / shards[s].views.front().path;
    try {
      dbs.emplace_back(p.string());
      it.push_back(dbs.back().allterms_begin(prefix));
      end.push_back(dbs.back().allterms_end(prefix));
    } catch (const Xapian::Error& e) {
      throw IndexError(p.string(), e.get_type(), e.get_msg());
    }
  }
  try {
    while (true) {
      std::size_t low = shards.size();
      for (std::size_t s = 0; s < shards.size(); ++s) {
        if (it[s] == end[s]) continue;
        if (low == shards.size() || *it[s] < *it[low]) {
          low = s;
        } else if (*it[s] == *it[low]) {
          throw IndexError("DOCNO '" + (*it[s]).substr(prefix.size()) + "' is in two shards: " + dirs[low].string() +
                           " and " + dirs[s].string() + "; shards must be built from disjoint input files");
        }
      }
      if (low == shards.size()) return;
      ++it[low];
    }
  } catch (const Xapian::Error& e) {
    throw IndexError("reading the shards' DOCNOs", e.get_type(), e.get_msg());
  }
}

/// Makes \p dir ready for a merged set, as \p existing says. \throws IndexError.
void prepare_output(const fs::path& dir, ExistingOutput existing) {
  std::error_code ec;
  if (fs::exists(dir, ec)) {
    if (!fs::is_directory(dir, ec)) throw IndexError(dir.string() + ": exists and is not a directory");
    if (!fs::is_empty(dir, ec)) {
      if (existing != ExistingOutput::Overwrite)
        throw IndexError(dir.string() + ": is not empty; use --overwrite to replace the index set there");
      if (!fs::exists(dir / "manifest.json", ec) && !fs::exists(dir / "views", ec))
        throw IndexError(dir.string() + ": not an index set (no manifest.json or views/); "
                         "refusing to delete it, choose another --out");
      // The manifest goes first: a crash while deleting must not leave a "complete" set.
      fs::remove(dir / "manifest.json", ec);
      fs::remove(dir / "state.json", ec);
      fs::remove(dir / "inputs.jsonl", ec);
      fs::remove_all(dir / "views", ec);
      if (ec) throw IndexError(dir.string() + ": cannot clear the old index set: " + ec.message());
    }
  }
  fs::create_directories(dir / "views", ec);
  if (ec) throw IndexError(dir.string() + ": cannot create: " + ec.message());
}

}  // namespace

Manifest merge_shards(const std::vector<fs::path>& shard_dirs, const fs::path& out_dir, ExistingOutput existing) {
  if (shard_dirs.empty()) throw UsageError("no shard directories to merge");
  if (existing == ExistingOutput::Resume) throw UsageError("a merge cannot be resumed; rerun it, with --overwrite");

  // Read and order the shards by index; check that they belong together.
  std::vector<std::pair<Manifest, fs::path>> read;
  for (const fs::path& dir : shard_dirs) read.emplace_back(read_manifest(dir, ManifestParts::WithoutInputs), dir);
  const std::uint32_t count = read.front().first.shard_count;
  for (const auto& [m, dir] : read) {
    if (m.shard_count == 0)
      throw IndexError(dir.string() + ": not a shard (built without --shard I/S)");
    if (m.shard_count != count)
      throw IndexError(dir.string() + ": is shard " + std::to_string(m.shard_index) + "/" +
                       std::to_string(m.shard_count) + ", but " + read.front().second.string() + " is one of " +
                       std::to_string(count));
  }
  std::sort(read.begin(), read.end(), [](const auto& a, const auto& b) { return a.first.shard_index < b.first.shard_index; });
  for (std::size_t s = 0; s < read.size(); ++s) {
    if (s > 0 && read[s].first.shard_index == read[s - 1].first.shard_index)
      throw IndexError(read[s].second.string() + " and " + read[s - 1].second.string() + " are both shard " +
                       std::to_string(read[s].first.shard_index) + "/" + std::to_string(count));
  }
  for (std::uint32_t i = 0, s = 0; i < count; ++i, ++s)
    if (s >= read.size() || read[s].first.shard_index != i)
      throw IndexError("shard " + std::to_string(i) + "/" + std::to_string(count) + " is missing from the merge");
  std::vector<Manifest> shards;
  std::vector<fs::path> dirs;
  for (auto& [m, dir] : read) {
    shards.push_back(std::move(m));
    dirs.push_back(dir);
  }
  const Manifest& first = shards.front();
  for (std::size_t s = 1; s < shards.size(); ++s) {
    const auto differs = [&](const char* what) {
      return IndexError(dirs[s].string() + ": its " + what + " differ from those of " + dirs[0].string() +
                        "; build every shard with the same options");
    };
    // Their inputs differ (each shard has its own); everything else must not. The merged
    // manifest lists the views as the shards do: the same order, a min-words:auto view
    // resolved to the same K, a model the same file.
    const SettingsDifference d = compare_settings(settings_of(first), settings_of(shards[s]), SettingsMatch::Same);
    if (d.format) throw differs("input format and");
    if (d.terms) throw differs("term settings");
    if (d.views || d.models) throw differs("views");
  }
  if (first.views.empty()) throw IndexError(dirs[0].string() + ": has no views");
  check_unique_docnos(dirs, shards);

  prepare_output(out_dir, existing);
  const fs::path views_dir = out_dir / "views";
  const fs::path views_abs = fs::weakly_canonical(fs::absolute(views_dir));

  Manifest merged;
  merged.program_version = first.program_version;
  merged.created = detail::now_iso8601();
  merged.format = first.format;
  merged.terms = first.terms;
  merged.config_toml = first.config_toml;
  for (std::size_t v = 0; v < first.views.size(); ++v) {
    ManifestView mv{first.views[v].view, "views/" + first.views[v].view.directory_name(), 0, 0, 0,
                    first.views[v].positions, first.views[v].fit, first.views[v].model, first.views[v].fields};
    std::string stub = "# boilerdex-index --merge-shards: view " + mv.view.spec() + ", " +
                       std::to_string(count) + " shards\n";
    for (std::size_t s = 0; s < shards.size(); ++s) {
      const ManifestView& sv = shards[s].views[v];
      const fs::path target = fs::weakly_canonical(fs::absolute(dirs[s] / sv.path));
      std::error_code ec;
      if (!fs::is_directory(target, ec))
        throw IndexError(target.string() + ": view " + sv.view.spec() + " of shard " + dirs[s].string() +
                         " is not a database directory");
      const std::string rel = fs::relative(target, views_abs).generic_string();
      if (rel.empty() || rel.find_first_of("\n\r") != std::string::npos)
        throw IndexError(target.string() + ": cannot be named in a stub file");
      stub += "auto " + rel + "\n";
      mv.documents += sv.documents;
      mv.empty_documents += sv.empty_documents;
      mv.terms += sv.terms;
      if (sv.fields != mv.fields) mv.fields.clear();  // a field only when every shard's documents have it
    }
    detail::AtomicFile file(out_dir / mv.path);
    file.write(stub);
    file.commit();
    merged.views.push_back(std::move(mv));
  }
  const fs::path out_abs = fs::weakly_canonical(fs::absolute(out_dir));
  for (std::size_t s = 0; s < shards.size(); ++s) {
    merged.documents += shards[s].documents;
    merged.empty += shards[s].empty;
    merged.skipped += shards[s].skipped;
    merged.shards.push_back(fs::relative(fs::weakly_canonical(fs::absolute(dirs[s])), out_abs).generic_string());
  }
  // The stubs must open as one database holding every shard's documents.
  for (const ManifestView& mv : merged.views) {
    const fs::path p = out_dir / mv.path;
    try {
      const Xapian::Database db(p.string());
      if (db.get_doccount() != mv.documents)
        throw IndexError(p.string() + ": the stub database holds " + std::to_string(db.get_doccount()) +
                         " documents, the shards' manifests say " + std::to_string(mv.documents));
    } catch (const Xapian::Error& e) {
      throw IndexError(p.string(), e.get_type(), e.get_msg());
    }
  }
  merged.complete = true;
  // Inputs back in list order, streamed: position p of the list was input p div S of shard
  // p mod S, so the shards' lists are read in turn, one entry each.
  std::vector<detail::ManifestInputReader> inputs;
  for (const fs::path& dir : dirs) inputs.emplace_back(dir);
  std::vector<std::uint8_t> exhausted(inputs.size(), 0);
  std::size_t turn = 0, left = inputs.size();
  std::string entry;
  detail::write_manifest_streaming(out_dir, merged, [&](std::string& out) {
    for (; left > 0; turn = (turn + 1) % inputs.size()) {
      if (exhausted[turn]) continue;
      if (!inputs[turn].next(entry)) {
        exhausted[turn] = 1;
        --left;
        continue;
      }
      try {
        out = detail::dump_json(detail::input_to_json(detail::input_from_json(nlohmann::json::parse(entry))));
      } catch (const nlohmann::json::exception& e) {
        throw IndexError((dirs[turn] / "manifest.json").string() + "@" + std::to_string(inputs[turn].entry_offset()) +
                         ": malformed input entry: " + e.what());
      }
      turn = (turn + 1) % inputs.size();
      return true;
    }
    return false;
  });
  return merged;
}

}  // namespace boilerdex::indexer
