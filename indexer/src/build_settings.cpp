#include "boilerdex/indexer/build_settings.hpp"

#include <map>

#include "boilerdex/plugin/byte_text.hpp"
#include "build_settings_internal.hpp"

namespace boilerdex::indexer {
namespace {

/// The view specs as the set's files hold them.
std::vector<std::string> stored_specs(const std::vector<ViewSpec>& views) {
  std::vector<std::string> out;
  out.reserve(views.size());
  for (const ViewSpec& v : views) out.push_back(plugin::utf8_or_replacement(v.spec()));
  return out;
}

std::vector<std::string> stored_stopwords(const TermSettings& terms) {
  std::vector<std::string> out;
  out.reserve(terms.stopwords.size());
  for (const std::string& w : terms.stopwords) out.push_back(plugin::utf8_or_replacement(w));
  return out;
}

/// Stored view spec → model SHA-256, for the views that read a model file.
std::map<std::string, std::string> model_checksums(const BuildSettings& s) {
  std::map<std::string, std::string> out;
  for (std::size_t i = 0; i < s.views.size() && i < s.models.size(); ++i)
    if (!s.models[i].sha256.empty()) out[plugin::utf8_or_replacement(s.views[i].spec())] = s.models[i].sha256;
  return out;
}

bool same_terms(const TermSettings& a, const TermSettings& b, SettingsMatch mode) {
  if (a.language != b.language || a.stem_strategy != b.stem_strategy || a.positions != b.positions ||
      a.index_title != b.index_title || a.cjk_ngram != b.cjk_ngram || stored_stopwords(a) != stored_stopwords(b) ||
      a.stem_per_language != b.stem_per_language || a.language_stopwords != b.language_stopwords)
    return false;
  return mode == SettingsMatch::Contains ||
         (a.sweep_positions == b.sweep_positions && a.sweep_termlists == b.sweep_termlists);
}

}  // namespace

namespace detail {

void InputListHasher::add(std::string_view path, std::uint64_t bytes) {
  ++m_list.files;
  m_list.bytes += bytes;
  m_sha.update(path);
  m_sha.update(std::string_view("\0", 1));
  m_sha.update(std::to_string(bytes));
  m_sha.update("\n");
}

InputListFingerprint InputListHasher::finish() {
  m_list.sha256 = m_sha.hex_digest();
  return m_list;
}

}  // namespace detail

InputListFingerprint fingerprint_input_list(const std::vector<InputFile>& files) {
  detail::InputListHasher hash;
  for (const InputFile& f : files) hash.add(f.path.native(), f.bytes);
  return hash.finish();
}

BuildSettings settings_of(const Manifest& manifest) {
  BuildSettings s;
  s.format = manifest.format;
  detail::InputListHasher hash;
  for (const ManifestInput& in : manifest.inputs) hash.add(in.path, in.bytes);
  s.inputs = hash.finish();
  for (const ManifestView& v : manifest.views) {
    s.views.push_back(v.view);
    s.models.push_back(v.model);
  }
  s.terms = manifest.terms;
  return s;
}

SettingsDifference compare_settings(const BuildSettings& built, const BuildSettings& wanted, SettingsMatch mode) {
  SettingsDifference d;
  d.format = built.format != wanted.format;
  d.inputs = built.inputs != wanted.inputs;
  if (mode == SettingsMatch::Same) {
    d.views = stored_specs(built.views) != stored_specs(wanted.views);
    for (std::size_t v = 0; v < built.views.size() && !d.views; ++v)  // a min-words:auto view's K
      d.views = built.views[v].threshold != wanted.views[v].threshold;
    d.models = model_checksums(built) != model_checksums(wanted);
  } else if (!d.format && !d.inputs) {  // finding a view may build its extractor: not for a set to rebuild
    Manifest set;  // Manifest::find_view's rules, over the built views
    for (const ViewSpec& v : built.views) {
      ManifestView mv;
      mv.view = v;
      set.views.push_back(std::move(mv));
    }
    for (const ViewSpec& v : wanted.views) {
      if (set.find_view(v) != nullptr) continue;
      d.views = true;
      d.missing_view = v.spec();
      break;
    }
  }
  d.terms = !same_terms(built.terms, wanted.terms, mode);
  return d;
}

}  // namespace boilerdex::indexer
