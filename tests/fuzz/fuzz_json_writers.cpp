// The JSON writers on arbitrary bytes in every field (issue #16, item 1): a DOCNO, URL,
// title, source path, block text, input path, model path, shard name or stopword may hold
// any bytes. Every writer must produce valid UTF-8 JSON (nlohmann's type_error.316 once
// stopped boilerdex-index), paths must read back exactly from manifest.json, and the
// byte_text forms must keep their promises. The input is split at 0x1F into fields, used
// in turn for the fields above.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/indexer/view_spec.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "boilerdex/plugin/output_writer.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace boilerdex;

std::vector<std::string> fields(std::string_view input) {
  std::vector<std::string> out;
  for (std::size_t start = 0;;) {
    const std::size_t end = input.find('\x1f', start);
    out.emplace_back(input.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos || out.size() == 12) break;
    start = end + 1;
  }
  const std::size_t given = out.size();
  while (out.size() < 12) out.push_back(out[out.size() % given]);
  return out;
}

void check_byte_text(const std::string& f) {
  fuzz::check(fuzz::is_valid_utf8(plugin::utf8_or_replacement(f)), "utf8_or_replacement: invalid UTF-8");
  fuzz::check(plugin::is_valid_utf8(f) == fuzz::is_valid_utf8(f), "is_valid_utf8 disagrees with the reference");
  const std::string shown = plugin::printable_bytes(f);
  fuzz::check(fuzz::is_valid_utf8(shown), "printable_bytes: invalid UTF-8");
  fuzz::check(shown.find('\n') == std::string::npos, "printable_bytes: a raw newline");
  fuzz::check(plugin::from_hex(plugin::to_hex(f)) == f, "hex does not round-trip");
}

void check_page_json(const std::vector<std::string>& f) {
  plugin::PageResult r;
  r.decoded.charset = f[0];
  r.document.title = f[1];
  plugin::TextBlock a, b;
  a.text = f[2];
  a.is_content = true;
  a.origins = {0};
  b.text = f[3];
  b.origins = {1};
  r.document.blocks = {a, b};
  r.parse_blocks = r.document.blocks;
  r.num_parse_blocks = 2;
  for (const int indent : {-1, 1}) {
    std::ostringstream out;
    plugin::write_json(out, r, plugin::PageLabel{f[4], f[5]}, indent);
    fuzz::check(fuzz::is_valid_utf8(out.str()), "write_json: invalid UTF-8");
    fuzz::check(nlohmann::json::accept(out.str()), "write_json: not JSON");
  }
}

void check_manifest(const std::vector<std::string>& f) {
  // One folder per process, removed at exit.
  static const struct Folder {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("bdx-fuzz-json-" + std::to_string(::getpid()));
    Folder() { std::filesystem::create_directories(path); }
    ~Folder() {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  } folder;
  const std::filesystem::path& dir = folder.path;
  indexer::Manifest m;
  m.program_version = "0";
  m.created = "now";
  m.format = "trec";
  m.config_toml = f[6];
  m.terms.stopwords = {f[7]};
  indexer::ManifestView v;
  v.view = indexer::parse_view_specs("extractor:article").front();
  v.path = "views/extractor-article";
  v.model = {f[8], 1, "x"};
  m.views.push_back(v);
  m.inputs.push_back(indexer::ManifestInput{f[9], 1, "", 1, 0, 0});
  m.inputs.push_back(indexer::ManifestInput{f[10], 2, "", 0, 1, 1});
  m.shards = {f[11], "s"};
  m.complete = true;
  indexer::write_manifest(dir, m);
  std::ifstream in(dir / "manifest.json", std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fuzz::check(fuzz::is_valid_utf8(text), "manifest.json: invalid UTF-8");
  const indexer::Manifest back = indexer::read_manifest(dir);
  fuzz::check(back.inputs.size() == 2 && back.inputs[0].path == f[9] && back.inputs[1].path == f[10],
              "manifest: input paths do not read back exactly");
  fuzz::check(back.views.size() == 1 && back.views[0].model.path == f[8], "manifest: model path not exact");
  fuzz::check(back.shards == m.shards, "manifest: shard names not exact");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;  // the writers are linear; long inputs only slow the search
  const std::vector<std::string> f = fields(fuzz::bytes(data, size));
  for (const std::string& field : f) check_byte_text(field);
  check_page_json(f);
  check_manifest(f);
  return 0;
}
