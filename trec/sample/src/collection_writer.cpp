// write_sample_collection and write_topics (sample_collection.hpp): the generator's
// documents into gzip files, topics.txt, qrels.txt and the gold texts.
#include <zlib.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/sample_collection.hpp"
#include "document_position_internal.hpp"

namespace boilerdex::trec {

void write_topics(std::ostream& out, const std::vector<Topic>& topics) {
  for (const auto& t : topics) {
    out << "<top>\n\n<num> Number: " << t.number << "\n\n<title> " << t.title << "\n\n<desc> Description:\n"
        << t.description << "\n\n<narr> Narrative:\n"
        << t.narrative << "\n\n</top>\n\n";
  }
}

namespace {

/// One gzip output file; closes (and checks) on destruction or close().
class GzipFile {
 public:
  explicit GzipFile(const std::filesystem::path& path) : m_path(path) {
    m_file = gzopen(path.c_str(), "wb6");
    if (m_file == nullptr) throw Error(path.string() + ": cannot create");
    gzbuffer(m_file, 1U << 17U);
  }
  GzipFile(const GzipFile&) = delete;
  GzipFile& operator=(const GzipFile&) = delete;
  ~GzipFile() {
    if (m_file != nullptr) gzclose(m_file);
  }

  void write(std::string_view bytes) {
    while (!bytes.empty()) {
      const auto chunk = static_cast<unsigned>(std::min<std::size_t>(bytes.size(), 1U << 30U));
      if (gzwrite(m_file, bytes.data(), chunk) != static_cast<int>(chunk)) {
        int code = 0;
        throw Error(m_path.string() + ": write failed: " + gzerror(m_file, &code));
      }
      bytes.remove_prefix(chunk);
    }
  }

  void close() {
    gzFile f = std::exchange(m_file, nullptr);
    if (f != nullptr && gzclose(f) != Z_OK) throw Error(m_path.string() + ": cannot finish the gzip stream");
  }

 private:
  std::filesystem::path m_path;
  gzFile m_file = nullptr;
};

void write_text_file(const std::filesystem::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw Error(path.string() + ": cannot write");
}

}  // namespace

SampleSummary write_sample_collection(const std::filesystem::path& out_dir, const SampleOptions& options,
                                      const SampleProgress& progress) {
  SampleGenerator generator(options);
  SampleSummary summary;
  summary.topics = generator.topics().size();
  std::error_code ec;
  std::filesystem::create_directories(out_dir / "collection", ec);
  if (ec) throw Error((out_dir / "collection").string() + ": cannot create: " + ec.message());
  if (options.write_gold) {
    std::filesystem::create_directories(out_dir / "gold", ec);
    if (ec) throw Error((out_dir / "gold").string() + ": cannot create: " + ec.message());
  }
  {
    std::ofstream topics_out(out_dir / "topics.txt", std::ios::binary | std::ios::trunc);
    write_topics(topics_out, generator.topics());
    topics_out.close();
    if (!topics_out) throw Error((out_dir / "topics.txt").string() + ": cannot write");
  }

  struct Judged {
    std::uint64_t ordinal;
    Label label;
  };
  std::vector<std::vector<Judged>> qrels(generator.topics().size());
  std::unique_ptr<GzipFile> file;
  std::string current_file;
  while (!generator.done()) {
    const std::uint64_t ordinal = generator.generated();
    SampleDocument doc = generator.next();
    if (doc.file != current_file) {
      if (file) file->close();
      const auto path = out_dir / "collection" / doc.file;
      std::filesystem::create_directories(path.parent_path(), ec);
      if (ec) throw Error(path.parent_path().string() + ": cannot create: " + ec.message());
      file = std::make_unique<GzipFile>(path);
      current_file = doc.file;
      ++summary.files;
    }
    file->write(doc.record);
    if (options.write_gold) write_text_file(out_dir / "gold" / (doc.docno + ".txt"), doc.gold_text);
    ++summary.documents;
    summary.bytes += doc.record.size();
    if (doc.charset == "windows-1252") ++summary.windows_1252;
    for (const auto& j : doc.judgments) qrels[j.topic].push_back({ordinal, j.label});
    if (progress && (summary.documents % 500 == 0)) progress(summary.documents, options.documents);
  }
  if (file) file->close();
  if (progress && summary.documents % 500 != 0) progress(summary.documents, options.documents);

  // Qrels by qid (topics are numbered in order), then docno (docnos increase with ordinal).
  std::string text;
  const std::uint64_t files_per_day = sample::files_per_day_for(options);
  for (std::size_t t = 0; t < qrels.size(); ++t) {
    bool any_relevant = false;
    for (const auto& j : qrels[t]) {
      text += generator.topics()[t].number;
      text += " 0 ";
      text += sample::docno_and_file(j.ordinal, options.documents_per_file, files_per_day).first;
      text += ' ';
      text += std::to_string(j.label);
      text += '\n';
      ++summary.judged;
      (j.label == 2 ? summary.label2 : j.label == 1 ? summary.label1 : summary.label0) += 1;
      any_relevant = any_relevant || j.label >= 1;
    }
    if (!any_relevant) ++summary.topics_without_relevant;
  }
  write_text_file(out_dir / "qrels.txt", text);
  return summary;
}

}  // namespace boilerdex::trec
