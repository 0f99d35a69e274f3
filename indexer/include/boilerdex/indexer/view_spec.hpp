#pragma once
/// \file
/// Views: rules that select which parse blocks of a page an index holds (DESIGN.md,
/// "Parallel indexes"). One Xapian database per view.

#include <string>
#include <string_view>
#include <vector>

namespace boilerdex::indexer {

enum class ViewKind { All, MinWords, MinDensity, Extractor };

/// One view. Text form (parse/name): `all`, `min-words:K` (numWords >= K),
/// `min-words:auto` (numWords >= the collection's K, fitted by the indexer: see
/// IndexOptions::auto_sample_documents), `min-density:D` (textDensity >= D),
/// `extractor:NAME` (the blocks that extractor keeps).
struct ViewSpec {
  ViewKind kind = ViewKind::All;
  double threshold = 0.0;  ///< K or D; unused for All and Extractor; for auto, K once resolved
  std::string extractor;   ///< canonical extractor name for Extractor
  /// min-words:auto: threshold is fitted on the collection (0 until then). The name stays
  /// "min-words:auto" whatever K is found.
  bool auto_threshold = false;

  /// Canonical text form ("min-words:10", "min-density:7.5", "extractor:article").
  [[nodiscard]] std::string spec() const;
  /// File-system-safe directory name, unique per spec ("min-words-10",
  /// "min-density-7.5", "extractor-article", "all").
  [[nodiscard]] std::string directory_name() const;

  friend bool operator==(const ViewSpec&, const ViewSpec&) = default;
};

/// How parse_view_specs treats an extractor view's NAME.
enum class ExtractorNames {
  /// Built once with plugin::make_extractor, which checks it (and loads what it reads, such
  /// as a learned: model file) and gives its canonical name: for specs a user wrote, before
  /// indexing.
  Checked,
  /// Kept as written, nothing built or loaded: for specs a build already checked (a
  /// manifest's), and for naming views of an existing index set, so that opening one for
  /// search needs neither its model files nor the extractors' libraries (boilernet:).
  AsWritten,
};

/// Parses one spec or a list: "min-words:1,5,10", "min-density:1..20" (integer steps),
/// "min-words:auto" (also inside a list: "min-words:auto,10"), "all", "extractor:article".
/// \p names says whether extractor names are checked (and canonicalised) or kept as written.
/// \throws UsageError naming the spec when malformed, or, with ExtractorNames::Checked, when
/// plugin::make_extractor refuses the extractor's name.
[[nodiscard]] std::vector<ViewSpec> parse_view_specs(std::string_view text,
                                                     ExtractorNames names = ExtractorNames::Checked);

/// The model file an extractor view's extractor reads: the argument of a family that
/// list_extractors spells NAME:FILE, one required argument (learned:PATH, boilernet:MODEL);
/// empty for every other view. Never throws except std::bad_alloc.
[[nodiscard]] std::string model_file_of(const ViewSpec& view);

/// The paper's default set and the default extractor: all; min-words 1..20, 25, 30, 40, 50,
/// 60, 70, 80, 90, 100; min-density 1..20; extractor:best (config::k_default_extractor);
/// extractor:article; extractor:default (and extractor:bte once it exists). A set built with
/// an older default list resumes only with that list given as --view (resume compares views).
[[nodiscard]] std::vector<ViewSpec> default_view_specs();

}  // namespace boilerdex::indexer
