#pragma once
/// \file
/// The "best" extractor: boilerdex's default-quality main-text extractor. It combines what
/// the shallow text features, the heuristic filters and the DOM structure each know:
///
///  1. Evidence per parse block (no fusion): the votes of four complementary classifiers —
///     the NumWords rules (WSDM 2010 Algorithm 2, recall-oriented), boilerpipe's 2012
///     ArticleExtractor (title, end-of-text markers, largest block), BTE's window
///     (Finn et al. 2001, on a lexical token scan; the share of the block's words inside
///     it) and the CleanEval text-density rule — averaged with weights and smoothed over
///     the block sequence; then damped by the block's own negative evidence: its link
///     density, membership of a run of linked-headline-plus-snippet blocks (teaser lists), markup
///     that names it boilerplate (comments, sidebars, <nav>, <aside>, <footer>;
///     boilerplate_hint_ranges) or an image caption (<figcaption>, "caption" classes;
///     caption_hint_ranges) and membership of a small DOM group far below the page's largest
///     (the DOM-ancestor filter's idea, as a penalty). The result p ∈ [0, 1] is the block's content
///     likelihood.
///  2. The main-content subtree: of the container elements of the page
///     (TextDocument::containers), the one maximising Σ words × (p − λ) over the blocks
///     under it (markup-hinted blocks pruned first), i.e. the most content text for the
///     least boilerplate text — the readability/trafilatura idea of a main node, scored by
///     the block evidence rather than by class names alone.
///  3. Block decisions: inside the subtree a block is kept when p ≥ keep_inside, outside
///     only when p ≥ keep_outside; a weaker block inside it between two kept blocks when
///     p ≥ keep_between (gap filling); a short heading just before the kept text or inside the
///     subtree next to kept text is kept too; after an end-of-text marker ("Comments",
///     "Leave a reply", boilerpipe's TerminatingBlocksFinder list; not a link) that follows
///     enough kept text, nothing more is kept (comment sections). Should the markup hints
///     leave nothing at all, the page is decided again without them.
///  4. The learned stage (best_model.hpp): a tree ensemble compiled into the library reads
///     what steps 1–3 found together with the block's shallow features, the markup around
///     it (landmarks, lists, tables, forms, class/id vocabulary) and its DOM neighbourhood
///     (repeated sibling structures, link density by subtree), and decides every block
///     again (BestOptions::model_weight). Steps 1–3 were tuned on news and blog articles;
///     this stage carries the decision to listings, collections, forums, products,
///     documentation and service pages. A second, stacked ensemble then reads every block
///     again with that verdict in place of the rules' and decides in its place
///     (BestOptions::stacked; best_model.hpp, with_verdict).
///  5. The page's choice: the blocks that maximise the page's expected word F1 under the
///     stages' P, rather than those over one threshold, and every block that both the rules
///     and the threshold keep (BestOptions::expected_f1; best_model.hpp, expected_f1_verdict).
///  6. Whatever decided: text that is markup (a textarea's value, script source kept as raw
///     text, a page's JSON state; reads_as_markup) is dropped, and so is text in a dialog (a consent banner, a
///     modal; BestOptions::drop_dialogs); code next to kept text is kept
///     (BestOptions::keep_code); reader comments after an end-of-text marker and link islands
///     inside an article's text are dropped, and so is a second copy of a kept block's text
///     (BestOptions::drop_comments, drop_link_islands, drop_repeats); and a small page
///     (≤ 200 words) of which nothing was kept keeps its non-link, non-hinted blocks rather
///     than nothing.
///
/// Words: every count above (the votes' thresholds and densities, the mass Σ words × (p − λ),
/// the penalties' word limits, BTE's token weights) is best_word_count's, which differs from
/// the segmenter's num_words only in scripts written without spaces between words (Japanese,
/// Chinese, Thai, ...): there a whitespace-separated token is a whole clause, so best
/// counts those characters about one word per two (Han, kana) or four (Thai, Lao, Khmer,
/// Myanmar; BestOptions::unspaced_chars_per_word). Pages without such characters are decided
/// on the segmenter's counts as they are.
///
/// Its output keeps every parse block (none merged or removed), is_content set to the
/// decision and score to the probability that decided it (the model's, else step 1's p), so
/// content() lists the kept paragraphs in document order.
/// The parameters were tuned, and the model trained, on a fixed half of the development
/// pages, and are reported on the other half (plugin/docs/EVALUATION_RESULTS.md,
/// plugin/scripts/tune_best.py, plugin/scripts/train_best_model.py).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/learned_model.hpp"

namespace boilerdex::plugin {

/// The tunable parameters of BestExtractor. Defaults are the tuned values.
struct BestOptions {
  // Evidence weights (normalised by their sum; a weight of 0 skips that classifier).
  double weight_num_words = 1.0;  ///< NumWords rules vote
  double weight_article = 1.0;    ///< boilerpipe 2012 ArticleExtractor vote
  double weight_bte = 1.0;        ///< lexical_bte_shares: the block's words inside BTE's window
  double weight_cleaneval = 1.0;  ///< text density ≥ 7 and link density ≤ 0.35
  double smoothing = 0.6;         ///< votes ← (1 − s) votes + s × mean of the neighbours'
  double link_penalty = 1.0;      ///< then p ← p × (1 − link_penalty × link density), ≥ 0
  /// Fragment penalty (the DOM-ancestor filter's idea as evidence): blocks are grouped by
  /// their group_depth-th container ancestor; a block whose group holds less than
  /// group_share of the largest group's content mass (Σ words × p) has p scaled down by up
  /// to group_penalty (linearly in the shortfall). 0 turns it off.
  double group_penalty = 0.75;
  double group_share = 0.9;  ///< see group_penalty, in (0, 1]
  int group_depth = 3;       ///< 1–5, as dom-ancestor's DEPTH
  /// The fragment penalty needs a dominant group: when the largest group holds less than
  /// group_dominance of the page's content mass, group_penalty is scaled by its share over
  /// group_dominance (front pages of several equal posts, link collections). 0: always full.
  double group_dominance = 0.4;
  /// Teaser lists: p ← p × (1 − teaser_penalty) for each block of a run of at least three
  /// consecutive blocks (blocks without words skipped) that each look like a linked headline
  /// with its snippet: 3 or more words of anchor text, link density from 0.1 to 0.6 (pure link
  /// blocks are the link penalty's), at most 60 words. Article paragraphs with a link or two
  /// rarely come three in a row like that; lists of related or latest stories do. 0: off.
  double teaser_penalty = 0.5;
  /// Markup hints (boilerplate_hint_ranges): p ← p × (1 − hint_penalty) for a block whose
  /// text starts inside an element marked as comments, navigation or a sidebar, unless that
  /// element holds more than hint_max_share of the page's evidence mass (then the hint is
  /// more likely a page-wide wrapper's name than a side section). 0 turns it off.
  double hint_penalty = 0.8;
  double hint_max_share = 1.0;  ///< see hint_penalty, in [0, 1] (1: no guard)
  /// Captions (caption_hint_ranges): p ← p × (1 − caption_penalty) for a block whose text
  /// starts inside an element marked as an image caption, unless that element holds more
  /// than caption_max_share of the page's evidence mass (a slideshow page, whose captions are
  /// its text). 0 turns it off.
  double caption_penalty = 0.8;
  double caption_max_share = 0.5;  ///< see caption_penalty, in [0, 1]
  double lambda = 0.2;             ///< subtree objective: Σ words × (p − λ)
  double keep_inside = 0.25;       ///< threshold on p inside the main subtree
  double keep_outside = 0.9;       ///< threshold on p outside it
  /// Gap filling: a block inside the subtree between two kept blocks (the nearest blocks
  /// with words on either side) is kept when p ≥ keep_between and its link density is at
  /// most 0.5 (lists and short lines inside an article). 1 turns it off.
  double keep_between = 0.1;
  int heading_lookback = 3;       ///< blocks before the first kept one searched for a heading
  int heading_max_words = 30;     ///< longest heading kept by the heading rule
  int end_marker_min_words = 60;  ///< kept words needed before an end-of-text marker stops; 0 = off
  /// Markers with a higher link density are ignored: "View/Add Comments (6)" under each
  /// post of a blog's front page links to another page rather than opening a section here.
  double end_marker_max_link_density = 0.5;
  /// Words in scripts written without spaces (best_word_count): Han and kana characters per
  /// word, Thai, Lao, Khmer and Myanmar twice as many. 0: the segmenter's counts everywhere.
  double unspaced_chars_per_word = 2.0;
  /// The learned stage (best_model.hpp): a block is kept when
  /// model_weight × P_model(content) + (1 − model_weight) × [the rules keep it] reaches the
  /// model's threshold. 1: the model decides; 0: the rules alone (steps 1–3 above), as
  /// before the model. Without a compiled-in model, or without the page, the rules decide.
  /// 0.8 (with the model's threshold 0.3: a block the rules keep needs P ≥ 0.125, one they
  /// drop P ≥ 0.375): on 2-fold cross-validation inside the tune half it ties with 1 (mean
  /// over the six sets 0.9295 vs 0.9304) and keeps the article sets' precision.
  double model_weight = 0.8;
  /// Keep a block when its blended probability reaches this; 0: the model's own
  /// threshold.
  double model_threshold = 0.0;
  /// A block whose markup names it side matter (a footer, sidebar, share or related box: the
  /// rules' hint, BestRuleResult::hinted, without comment vocabulary) is kept only when its
  /// blended probability also reaches this: the model alone does not overrule the page's own
  /// markup on a doubt (a licence paragraph in the footer of a photo post). Comments are left
  /// to drop_comments (on a forum they are the thread). 0: the common threshold. 0.4 costs
  /// nothing on the tune half (WCXB 0.887 with and without; 0.5 would cost 0.001).
  double model_hinted_threshold = 0.4;
  /// The page's decision (best_model.hpp, expected_f1_verdict): rather than one threshold
  /// for every page, keep the blocks that maximise the page's expected word F1 when the
  /// learned stages' P(content) is read as each word's chance of being content, with this
  /// weight on the expected content words (below 1 leans to precision), and every block that
  /// both the rules and the threshold rule above keep. A page of items whose every P is
  /// middling keeps its items; a page with a few sure blocks drops the doubtful ones the
  /// threshold let in. Side matter is taken only where the threshold rule keeps it. 0.7:
  /// chosen by nested 2-fold cross-validation inside the tune half (EVALUATION_RESULTS.md,
  /// "Eleventh round").
  /// 0: the threshold rule alone.
  double expected_f1 = 0.7;
  /// Reader comments, decided alike on every article: blocks inside comment markup
  /// (class/id words comment, disqus, respond, discussion, reply) that follow an
  /// end-of-text marker after enough kept text (BestRuleResult::after_end) are dropped,
  /// whatever the model says, when the kept text before the marker is at least as long as
  /// theirs (on a thread whose replies outweigh its first post, the replies are the
  /// content). 0: the model decides.
  double drop_comments = 1.0;
  /// Link islands: a block of links only (link density ≥ 0.9, at most 8 words) whose nearest
  /// blocks with words on both sides are kept paragraphs (≥ 15 words, link density < 0.25)
  /// is dropped (an advertisement or a "read also" link inside an article's text), and so is
  /// an inline menu: links only (link density ≥ 0.9) separated by vertical bars, at most
  /// three words per link ("Comments | Share"). 0: off.
  double drop_link_islands = 1.0;
  /// Repeated text: when exactly two kept blocks of at least 3 words have one text and other
  /// kept text lies between them, the second is dropped (the copy a page keeps for another
  /// screen size, a tab or a carousel; gold text has it once), and so is any later copy
  /// inside a blockquote (a reply quoting a post). Text repeated more often (a schedule's
  /// rows) or back to back, table cells and code are left alone. 0: off.
  double drop_repeats = 1.0;
  /// Code beside kept text: a block in code markup (<pre>, <code>) with words, mostly not
  /// links (link density < 0.5), not read as markup (reads_as_markup), is kept when the
  /// nearest block with words before or after it is kept, and so is each such block next to
  /// one kept so (a run of them): a program, a log or a shell session quoted inside the text
  /// it belongs to, which the stages read as a block of odd words. It runs before the passes
  /// that drop (comments, link islands, repeats). 0: off.
  double keep_code = 1.0;
  /// Dialogs: blocks inside a dialog (<dialog>, role="dialog" or "alertdialog": a consent
  /// banner, a sign-up or legal modal, a glossary pop-up, the overlays a page opens on
  /// request) are dropped, whatever the model says, when the page keeps words outside
  /// dialogs; a page whose only kept text is in a dialog keeps it. It runs before keep_code,
  /// so code beside a dropped dialog stays out. 0: the model decides.
  double drop_dialogs = 1.0;
  /// A model file of feature set "best" (boilerdex-train --features best) to use instead of
  /// the compiled-in one; "" = the compiled-in model. Given as `model=PATH` (no comma in it).
  std::string model_file;
  /// The stacked second stage (best_model.hpp, with_verdict): a model of feature set "best"
  /// trained on the rows the first stage's verdict gives (boilerdex-train --stack-models),
  /// which reads every block again knowing what the first stage kept around it (its kept
  /// share of the block's container ancestors). Its P(content) and the first stage's are
  /// averaged with this weight on the second's (P = stacked × P₂ + (1 − stacked) × P₁), then
  /// blended with the rules and thresholded as model_weight and model_threshold say. 0: the
  /// first stage alone. The compiled-in second stage (plugin/extractors/models/best-blocks-stacked.json)
  /// follows the compiled-in first stage only: with `model=PATH` a second stage is used only
  /// when given as stacked_model_file.
  double stacked = 0.5;
  /// A model file for the second stage instead of the compiled-in one; "" = the compiled-in
  /// one. Given as `stacked_model=PATH`.
  std::string stacked_model_file;

  friend bool operator==(const BestOptions&, const BestOptions&) = default;
};

/// Byte ranges [begin, end) of \p utf8_html covered by elements whose markup marks them as
/// boilerplate: <nav>, <aside>, <footer>, and div, section, ul, ol, table, form elements
/// whose class or id values hold a word (split at non-alphanumerics, lower-cased, matched
/// by prefix) of the comment family (comment, disqus, respond, discussion), or of the
/// side-matter family (sidebar, related, share, social, breadcrumb, footer, advert,
/// sponsor, newsletter, subscribe, cookie) with no content word (article, entry, post,
/// story, content, main, body, text) beside it. Not "widget", "nav" or "menu": Blogger
/// wraps posts in "widget Blog", and "nav" wrappers are often left unclosed.
/// Found by a lexical scan (no parse): an element ends at its matching end tag of the same
/// name (nesting counted); one never closed is ignored. Script, style and comment contents
/// are skipped. Returned sorted, overlapping ranges merged. O(n) for realistic nesting.
/// Never throws (std::bad_alloc aside).
[[nodiscard]] std::vector<std::pair<std::uint32_t, std::uint32_t>> boilerplate_hint_ranges(
    std::string_view utf8_html);

/// Byte ranges [begin, end) of \p utf8_html covered by image captions: <figcaption>, and div,
/// section, ul, ol, table, form and span elements whose class or id values hold "caption" in
/// a word (any case, anywhere in it: caption, wp-caption, newsCaption) and no content word
/// (as boilerplate_hint_ranges; an element of that family is not listed here). Same scan,
/// order and guarantees as boilerplate_hint_ranges. Never throws (std::bad_alloc aside).
[[nodiscard]] std::vector<std::pair<std::uint32_t, std::uint32_t>> caption_hint_ranges(
    std::string_view utf8_html);

/// BTE (Finn et al. 2001; spec §7) on a lexical scan of \p utf8_html instead of a parse: every
/// start and end tag written in the source is −1, every run of non-whitespace in text +1
/// (comments, doctype, script and style contents dropped); the maximum-sum window (Kadane,
/// earliest maximum) is the body. Returns, per block of \p doc (which must come from
/// segment_html(\p utf8_html)), the share of the words in its source range that lie in the
/// window; 0 for a block without words there. It rides best's markup scan and reads words
/// in runs; unlike the bte extractor's tokens (bte_tokens) it keeps the contents of noscript
/// and template. O(n + blocks × log n). \throws std::bad_alloc only.
[[nodiscard]] std::vector<float> lexical_bte_shares(const TextDocument& doc,
                                                    std::string_view utf8_html);

/// The number of words of \p utf8_text as `best` counts them: runs of characters between
/// whitespace (ASCII, no-break and ideographic spaces) that hold a letter, digit or symbol
/// (not only punctuation), except that a run of characters of a script written without spaces
/// between words counts one word per \p chars_per_word characters (Han, Hiragana, Katakana:
/// segmenters find about 1.5–2 characters per Japanese or Chinese word) or per twice that
/// (Thai, Lao, Khmer, Myanmar; an estimate), rounded up, and splits the token around it: at 2,
/// "東京都に住む" is 3 words, "iPhoneの新型" 3. Hangul is written with spaces and counts as
/// other letters. \p chars_per_word under 1 counts as 1; ≤ 0: every such
/// whitespace-separated token is one word.
/// Invalid UTF-8 bytes count as other characters. O(n); never throws.
[[nodiscard]] int best_word_count(
    std::string_view utf8_text,
    double chars_per_word = BestOptions{}.unspaced_chars_per_word) noexcept;

/// Parses "key=value,key=value" (keys as the BestOptions member names, e.g.
/// "lambda=0.5,keep_inside=0.25"; `model=PATH` for model_file) over the defaults; "" gives
/// the defaults.
/// \throws UsageError naming the key or value when a key is unknown or a value malformed
/// or out of range (weights, link_penalty and unspaced_chars_per_word ≥ 0; shares, penalties,
/// lambda, thresholds in [0, 1]; group_depth 1–5; the other counts ≥ 0), or when every weight is 0.
[[nodiscard]] BestOptions parse_best_options(std::string_view spec);

/// The content likelihood p of every block of \p doc (fresh from segment_html(\p utf8_html)),
/// as step 1 of the file comment describes; \p utf8_html may be empty (BTE then abstains and
/// its weight is left out). Does not change \p doc. Thread-safe.
/// \throws std::bad_alloc only.
[[nodiscard]] std::vector<double> best_block_evidence(const TextDocument& doc,
                                                      std::string_view utf8_html,
                                                      const BestOptions& options);

/// best_main_subtree's answer when the page has no container at all.
inline constexpr std::uint32_t k_no_subtree = 0xFFFFFFFFu;

/// Step 2: the container element id (TextDocument::containers) maximising
/// Σ num_words × (p − lambda) over the parse blocks under it; ties go to the deeper
/// element. Blocks flagged in \p pruned (empty: none) count nothing, as if removed from the
/// tree first (the extractor prunes the markup-hinted ones). Returns k_no_subtree when no
/// block has a container chain. \p evidence (and \p pruned, when not empty) has one entry per
/// block of \p doc (a fresh, unmerged document).
/// \throws std::invalid_argument when the sizes differ.
[[nodiscard]] std::uint32_t best_main_subtree(const TextDocument& doc,
                                              const std::vector<double>& evidence, double lambda,
                                              const std::vector<bool>& pruned = {});

/// What the rules (steps 1–3) found on a page, one entry per block: the learned stage's
/// input (best_model.hpp).
struct BestRuleResult {
  std::vector<double> votes;     ///< step 1a: the weighted classifier votes, in [0, 1]
  std::vector<double> evidence;  ///< step 1b: p, after smoothing and the penalties
  std::vector<bool> hinted;      ///< damped by a markup hint (boilerplate or caption)
  std::vector<bool> inside;      ///< under step 2's main subtree
  std::vector<bool> keep;        ///< step 3's decision
  std::vector<bool> title;       ///< labelled as the page's title (DocumentTitleMatch)
  /// After an end-of-text marker that follows enough kept text (the comment-section rule;
  /// never when BestOptions::end_marker_min_words is 0).
  std::vector<bool> after_end;
};

/// The rules' findings on \p fresh (fresh from segment_html(\p utf8_html); \p utf8_html may
/// be empty: BTE and the markup hints then abstain), decided on a copy (with best's word
/// counts where the page needs them). \throws std::bad_alloc; PageTimeLimitError when the
/// document's deadline passes.
[[nodiscard]] BestRuleResult best_rule_decisions(const TextDocument& fresh,
                                                 std::string_view utf8_html,
                                                 const BestOptions& options);

/// The extractor. Immutable; thread-safe.
class BestExtractor final : public Extractor {
 public:
  /// \throws InputError when options.model_file cannot be read or is not a model; UsageError
  /// when its feature set is not "best".
  explicit BestExtractor(BestOptions options = {});

  /// "best", or "best:key=value,..." listing the parameters that differ from the defaults.
  [[nodiscard]] std::string name() const override;
  /// Without the page, BTE abstains (its weight is left out).
  void process(TextDocument& doc) const override;
  /// \p doc must come fresh from segment_html(\p utf8_html).
  void process(TextDocument& doc, std::string_view utf8_html) const override;
  /// True: the model's features take the segmenter's token counts (TextDocument::token_counts).
  [[nodiscard]] bool reads_token_counts() const noexcept override { return true; }

  [[nodiscard]] const BestOptions& options() const noexcept { return m_options; }

 private:
  BestOptions m_options;
  std::shared_ptr<const LearnedModel> m_model;  ///< from options.model_file, else null
  std::shared_ptr<const LearnedModel> m_stacked;  ///< from options.stacked_model_file, else null
};

}  // namespace boilerdex::plugin
