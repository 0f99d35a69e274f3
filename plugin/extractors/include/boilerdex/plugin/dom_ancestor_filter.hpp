#pragma once
/// \file
/// The DOM-ancestor filter ("boilerpipe + HTML tree", Viveros-Jiménez et al. 2018; spec §8):
/// run a recall-oriented base extractor, group the paragraphs (parse blocks) it keeps by
/// their n-th container ancestor (div, table, ul, ol, p, section, article, h1–h6, header,
/// body; TextDocument::containers), and keep only the group with the most text.
///
/// Named "dom-ancestor[:BASE][:DEPTH]" in the registry: BASE any extractor name (default
/// k_dom_ancestor_default_base), DEPTH 1–5 (default 2, the grandparent). A final ":D" with
/// D a single digit is read as the depth, so a parameterised base needs an explicit depth:
/// "dom-ancestor:min-words:10:2".

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/extractor.hpp"

namespace boilerdex::plugin {

/// Depths accepted: 1 (parent container) to 5.
inline constexpr int k_dom_ancestor_min_depth = 1;
inline constexpr int k_dom_ancestor_max_depth = 5;
/// The grandparent container, best in the paper and on our development sets.
inline constexpr int k_dom_ancestor_default_depth = 2;
/// The base extractor when none is named: the paper's NumWords rules (recall-oriented; no
/// fusion), best mean F1 at depth 2 over the five development sets among article, default,
/// num-words-rules, canola, cleaneval, bte, keep-everything(-min-words:10) — see
/// plugin/docs/EVALUATION_RESULTS.md.
inline constexpr std::string_view k_dom_ancestor_default_base = "num-words-rules";

/// The heart of the filter. \p parsed is a freshly segmented document (block i is parse
/// block i, with its containers); \p selected says which parse blocks the base extractor
/// kept. Returns the subset of \p selected whose \p depth-th container (clamped to body) is
/// the one holding the most selected text (code points); ties go to the group met first in
/// document order. \throws std::invalid_argument when \p depth is out of range or
/// \p selected's size differs from parsed.num_parse_blocks.
[[nodiscard]] std::vector<bool> dom_ancestor_select(const TextDocument& parsed,
                                                    const std::vector<bool>& selected, int depth);

/// The extractor: base extractor, then dom_ancestor_select. Its output keeps every parse
/// block (none merged or removed) with is_content set to the selection, so content() lists
/// the kept paragraphs in document order. Immutable; thread-safe when the base is.
class DomAncestorExtractor final : public Extractor {
 public:
  /// \throws std::invalid_argument when \p base is null or \p depth is out of range.
  DomAncestorExtractor(std::unique_ptr<Extractor> base, int depth);

  /// "dom-ancestor:BASE:DEPTH", with the base's canonical name.
  [[nodiscard]] std::string name() const override;
  /// Runs the base's process(doc), then the filter. \p doc must come fresh from segment_html.
  /// \throws PageTimeLimitError (stage "extracting") once doc.budget's deadline passes;
  /// what the base throws.
  void process(TextDocument& doc) const override;
  /// Same, forwarding the page to the base (for bases that read it, such as bte).
  void process(TextDocument& doc, std::string_view utf8_html) const override;

 private:
  template <typename RunBase>
  void filter(TextDocument& doc, RunBase&& run_base) const;

  std::unique_ptr<Extractor> m_base;
  int m_depth;
};

/// Builds the extractor from the text after "dom-ancestor:" ("" for all defaults;
/// "article", "article:3", "3", "min-words:10:2").
/// \throws UsageError naming \p argument when the depth is out of range or the base is unknown.
[[nodiscard]] std::unique_ptr<Extractor> make_dom_ancestor_extractor(std::string_view argument);

}  // namespace boilerdex::plugin
