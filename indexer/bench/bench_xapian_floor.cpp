// bench_xapian_floor: what Xapian alone costs to store an index set's views — the floor under
// boilerdex-index's time for the same views, whatever the indexer does before Xapian.
//
//   bench_xapian_floor --from SET --out DIR [--max-pending-postings N]
//                      [--max-view-pending-postings N] [--commit-interval N] [--threads N]
//
// SET is a finished index set built with --sweep-termlists (its documents are read back
// through their termlists). Its documents are replayed into fresh views under DIR, opened as
// boilerdex-index opens them (glass, DB_NO_SYNC, DB_NO_TERMLIST for the min-words and
// min-density views): batches written view by view, all views committed after a batch once
// --max-pending-postings postings (summed over the views), or --max-view-pending-postings in
// one view, or --commit-interval documents are pending — boilerdex-index's defaults and order.
// The batches are sized as boilerdex-index sizes them (index_builder.cpp, batch_pages): 4 per
// thread first, then as many documents as would add about --max-pending-postings over all
// views, or --max-view-pending-postings to the view given the most postings per document, at
// the postings per document written so far, between one per thread and 32 per thread. So
// Xapian buffers what it buffers under boilerdex-index and commits as often (a fixed batch of
// 64 would let it buffer about 4 M postings of the 54 default views between commits, past the
// indexer's memory bound, and commit less than half as often). Reading
// SET is not timed. Timed on this one thread (CPU seconds, CLOCK_THREAD_CPUTIME_ID):
//   build   making each Xapian::Document (add_posting/add_term, values, data): any writer
//           pays it, boilerdex-index once per group of views that keep the same blocks
//   add     WritableDatabase::replace_document (Xapian's inverter)
//   commit  WritableDatabase::commit of every view (merging the changes into the tables)
// Not a test: run by indexer/bench/bench_index.sh, or by hand.

#include <time.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>
#include <xapian.h>

#include "boilerdex/config/defaults.hpp"
#include "boilerdex/indexer/manifest.hpp"

namespace fs = std::filesystem;
namespace bi = boilerdex::indexer;

namespace {

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

/// A stored document, as plain data: rebuilding it is part of what is timed.
struct StoredDocument {
  struct Term {
    std::string name;
    Xapian::termcount wdf = 0;
    std::vector<Xapian::termpos> positions;
  };
  std::string data;
  std::vector<std::pair<Xapian::valueno, std::string>> values;
  std::vector<Term> terms;
  std::uint64_t length = 0;
};

StoredDocument read_document(const Xapian::Database& db, Xapian::docid did) {
  StoredDocument out;
  const Xapian::Document doc = db.get_document(did);
  out.data = doc.get_data();
  for (auto v = doc.values_begin(); v != doc.values_end(); ++v) out.values.emplace_back(v.get_valueno(), *v);
  for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
    StoredDocument::Term term{*t, t.get_wdf(), {t.positionlist_begin(), t.positionlist_end()}};
    out.length += term.wdf;
    out.terms.push_back(std::move(term));
  }
  return out;
}

void build(const StoredDocument& s, Xapian::Document& doc) {
  doc.set_data(s.data);
  for (const auto& [slot, value] : s.values) doc.add_value(slot, value);
  for (const StoredDocument::Term& t : s.terms) {
    if (t.wdf == 0 && t.positions.empty()) {
      doc.add_boolean_term(t.name);
      continue;
    }
    for (const Xapian::termpos p : t.positions) doc.add_posting(t.name, p, 1);
    if (t.wdf > t.positions.size()) doc.add_term(t.name, t.wdf - static_cast<Xapian::termcount>(t.positions.size()));
  }
}

int run(const fs::path& from, const fs::path& out, std::uint64_t max_pending, std::uint64_t max_view_pending,
        std::uint64_t commit_interval, unsigned threads, int block_size) {
  const bi::Manifest manifest = bi::read_manifest(from);
  if (!manifest.terms.sweep_termlists) {
    std::fprintf(stderr, "%s: built without --sweep-termlists; its sweep views cannot be read back\n",
                 from.c_str());
    return 2;
  }
  bi::TermSettings replay = manifest.terms;
  replay.sweep_termlists = false;  // write as boilerdex-index does by default
  std::vector<Xapian::Database> sources;
  std::vector<Xapian::WritableDatabase> views;
  fs::create_directories(out);
  for (const bi::ManifestView& v : manifest.views) {
    sources.emplace_back((from / v.path).string());
    int flags = Xapian::DB_CREATE_OR_OVERWRITE | Xapian::DB_BACKEND_GLASS | Xapian::DB_NO_SYNC;
    if (!bi::view_has_termlist(replay, v.view)) flags |= Xapian::DB_NO_TERMLIST;
    views.emplace_back((out / v.view.directory_name()).string(), flags, block_size);
  }
  const Xapian::docid last = sources.front().get_lastdocid();
  double build_s = 0, add_s = 0, commit_s = 0;
  std::uint64_t pending = 0, since_commit = 0, postings = 0, commits = 0;
  std::vector<std::uint64_t> view_pending(views.size(), 0);
  // boilerdex-index's batch_pages(), over the documents written so far.
  const std::uint64_t slots = std::uint64_t{threads} * 32;
  std::vector<std::uint64_t> view_written(views.size(), 0);
  std::uint64_t written_docs = 0;
  const auto batch_size = [&]() -> std::uint64_t {
    if (written_docs == 0) return std::min<std::uint64_t>(slots, std::uint64_t{threads} * 4);
    const double docs = static_cast<double>(written_docs);
    const double per_doc = static_cast<double>(postings) / docs;
    const double per_doc_in_view = static_cast<double>(*std::max_element(view_written.begin(), view_written.end())) / docs;
    const double fit = std::min(static_cast<double>(max_pending) / std::max(1.0, per_doc),
                                static_cast<double>(max_view_pending) / std::max(1.0, per_doc_in_view));
    return std::clamp<std::uint64_t>(static_cast<std::uint64_t>(fit), threads, slots);
  };
  std::vector<std::vector<StoredDocument>> docs(views.size());
  const auto commit_all = [&] {
    const double t0 = thread_cpu_seconds();
    for (Xapian::WritableDatabase& db : views) db.commit();
    commit_s += thread_cpu_seconds() - t0;
    pending = since_commit = 0;
    std::fill(view_pending.begin(), view_pending.end(), 0);
    ++commits;
  };
  for (Xapian::docid first = 1, end = 1; first <= last; first = end) {
    end = static_cast<Xapian::docid>(std::min<std::uint64_t>(std::uint64_t{last} + 1, first + batch_size()));
    for (std::size_t v = 0; v < views.size(); ++v) {
      docs[v].clear();
      for (Xapian::docid d = first; d < end; ++d) docs[v].push_back(read_document(sources[v], d));
    }
    for (std::size_t v = 0; v < views.size(); ++v) {
      for (Xapian::docid d = first; d < end; ++d) {
        const StoredDocument& s = docs[v][d - first];
        const double t0 = thread_cpu_seconds();
        Xapian::Document doc;
        build(s, doc);
        const double t1 = thread_cpu_seconds();
        views[v].replace_document(d, doc);
        const double t2 = thread_cpu_seconds();
        build_s += t1 - t0;
        add_s += t2 - t1;
        pending += s.length;
        view_pending[v] += s.length;
        view_written[v] += s.length;
        postings += s.length;
      }
    }
    since_commit += end - first;
    written_docs += end - first;
    if (since_commit >= commit_interval || pending >= max_pending ||
        *std::max_element(view_pending.begin(), view_pending.end()) >= max_view_pending)
      commit_all();
  }
  commit_all();
  std::printf("views %zu documents %u postings %llu commits %llu\n", views.size(), last,
              static_cast<unsigned long long>(postings), static_cast<unsigned long long>(commits));
  std::printf("cpu_s build %.2f add %.2f commit %.2f xapian %.2f all %.2f\n", build_s, add_s, commit_s,
              add_s + commit_s, build_s + add_s + commit_s);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Xapian's own cost of writing an index set's views (see the file's header)"};
  fs::path from, out;
  std::uint64_t max_pending = boilerdex::config::defaults::max_pending_postings;
  std::uint64_t max_view_pending = boilerdex::config::defaults::max_view_pending_postings;
  std::uint64_t commit_interval = boilerdex::config::defaults::commit_interval;
  unsigned threads = std::max(1U, std::thread::hardware_concurrency());
  int block_size = 8192;
  app.add_option("--from", from, "a finished index set built with --sweep-termlists")->required();
  app.add_option("--out", out, "where to write the replayed views (overwritten)")->required();
  app.add_option("--max-pending-postings", max_pending, "commit past this many buffered postings")
      ->check(CLI::PositiveNumber);
  app.add_option("--max-view-pending-postings", max_view_pending, "commit past this many buffered in one view")
      ->check(CLI::PositiveNumber);
  app.add_option("--commit-interval", commit_interval, "commit every this many documents")->check(CLI::PositiveNumber);
  app.add_option("--threads", threads, "size batches as boilerdex-index with this many threads does (default: all cores, its default)")
      ->check(CLI::Range(1U, 256U));
  app.add_option("--block-size", block_size, "glass block size in bytes (2048..65536, a power of 2)");
  CLI11_PARSE(app, argc, argv);
  try {
    return run(from, out, max_pending, max_view_pending, commit_interval, threads, block_size);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_xapian_floor: %s\n", e.what());
  } catch (const Xapian::Error& e) {
    std::fprintf(stderr, "bench_xapian_floor: %s\n", e.get_description().c_str());
  }
  return 1;
}
