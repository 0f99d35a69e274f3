#pragma once
/// \file
/// boilerpipe 1.2's block filters (spec §4), each a function over a TextDocument that
/// returns boilerpipe's "changes" flag (true when it modified something). Extractors chain
/// them (extractors.hpp); the chain never short-circuits on that flag.
///
/// Unless a comment says otherwise, every filter runs in O(n) over the block list, needs
/// no state beyond its arguments, and is safe to call concurrently on different documents.
/// Filters that merge blocks use TextBlock::merge_next, so origins and source ranges stay
/// exact; filters that drop blocks drop them from `blocks` only.
/// None throws except std::bad_alloc.

#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

/// HeuristicFilterBase's "full-text words": num_words when textDensity ≥ 9, else 0.
[[nodiscard]] int num_full_text_words(const TextBlock& block) noexcept;

/// SimpleBlockFusionProcessor: merges each block into the preceding kept block when their
/// text densities are *exactly* equal as floats (the merged density is used for the next
/// comparison). Ignores is_content. No-op below 2 blocks.
bool simple_block_fusion(TextDocument& doc);

/// BlockProximityFusion(max_distance, content_only, same_tag_level), spec §4. Gaps are
/// measured on offset_blocks_start/end, so only removed blocks create gaps. Without
/// content_only, every content block is merged into its immediate predecessor even when
/// that one is boilerplate (which then becomes content), as boilerpipe does (§11.1).
bool block_proximity_fusion(TextDocument& doc, int max_distance, bool content_only,
                            bool same_tag_level);

/// Options of KeepLargestBlockFilter.
struct KeepLargestBlockOptions {
  /// INSTANCE_EXPAND_TO_SAME_TAGLEVEL: also switch on the blocks around the largest one at
  /// its tag level, until a block of lower level is met (each direction).
  bool expand_to_same_tag_level = false;
  /// [post-1.2.0] In the expansion, only blocks with at least this many words.
  int expand_min_words = 0;
  /// [post-1.2.0] Label the largest block VERY_LIKELY_CONTENT.
  bool label_very_likely_content = false;
};

/// KeepLargestBlockFilter: the first content block with the most words stays content;
/// every other block becomes non-content and gets MIGHT_BE_CONTENT (also when no block was
/// content). No-op below 2 blocks.
bool keep_largest_block(TextDocument& doc, const KeepLargestBlockOptions& options = {});

/// ExpandTitleToContentFilter: blocks between the last TITLE block before the first
/// content block and that content block become content when labelled MIGHT_BE_CONTENT.
bool expand_title_to_content(TextDocument& doc);

/// TerminatingBlocksFinder: labels INDICATES_END_OF_TEXT the short blocks (< 15 words,
/// trimmed length ≥ 8 UTF-16 units) that start comment sections ("comments", "3 comments",
/// "post a comment", "add your comment", ...; full list in spec §4). Lower-casing is full
/// Unicode and locale-independent. \p post_1_2 adds the 2012 rule: a fully linked block
/// whose trimmed text is exactly "Comment".
bool terminating_blocks_finder(TextDocument& doc, bool post_1_2 = false);

/// DocumentTitleMatchClassifier (1.2.0) for doc.title: labels TITLE every block whose
/// trimmed text equals the trimmed title or the longest part of the title split on one of
/// four separator classes (spec §4). No-op when the title is empty.
bool document_title_match(TextDocument& doc);

/// [post-1.2.0] DocumentTitleMatchClassifier of 2012 (spec §4): title and block texts are
/// normalised (NBSP → space, apostrophes removed, trimmed, lower-cased); candidates are the
/// title, the longest part for six separator classes (words now counted on spaces), every
/// part of ≥ 4 words between " | " or " - ", and the title without a trailing " - x" or a
/// leading "x - ". The *first* block whose normalised text, or that text without runs of
/// `? ! . - :`, is a candidate gets TITLE.
bool document_title_match_2012(TextDocument& doc);

/// IgnoreBlocksAfterContentFilter(min_words): once a block labelled INDICATES_END_OF_TEXT
/// is met after at least \p min_words full-text words of content, it and every later block
/// become non-content. boilerpipe's instances use 60 (default) and 200.
bool ignore_blocks_after_content(TextDocument& doc, int min_words = 60);

/// IgnoreBlocksAfterContentFromEndFilter (in the jar, used by no 1.2.0 extractor).
bool ignore_blocks_after_content_from_end(TextDocument& doc);

/// BoilerplateBlockFilter: removes every non-content block. \p keep_title ([post-1.2.0]
/// INSTANCE_KEEP_TITLE) keeps non-content blocks labelled TITLE.
bool remove_boilerplate_blocks(TextDocument& doc, bool keep_title = false);

/// MarkEverythingContentFilter: every block becomes content.
bool mark_everything_content(TextDocument& doc);

/// MinWordsFilter(k): content blocks with fewer than \p min_words words become non-content.
bool min_words_filter(TextDocument& doc, int min_words);

/// SplitParagraphBlocksFilter: a block whose text splits on runs of '\n'/'\r' into two or
/// more pieces (Java String.split: a leading empty piece is kept, trailing ones dropped)
/// is replaced by one block per piece, keeping is_content and labels, with every count,
/// density, offset and tag level 0, as boilerpipe does. Each piece keeps the one parse
/// block its line came from as origin when that can be told (one origin per line), else
/// all of the block's origins; the source range is the block's.
bool split_paragraph_blocks(TextDocument& doc);

/// MinClauseWordsFilter(min_words, accept_clauses_without_delimiter): a content block
/// without a clause of at least \p min_words words becomes non-content. A clause ends at
/// a run of `, . : ; ! ?` that follows a word character and is followed by whitespace or
/// the end of the text; text after the last delimiter counts only when
/// \p accept_clauses_without_delimiter. Words = whitespace runs + 1.
bool min_clause_words(TextDocument& doc, int min_words = 5,
                      bool accept_clauses_without_delimiter = false);

/// [post-1.2.0] TrailingHeadlineToBoilerplateFilter: from the end, content blocks
/// labelled HEADING become non-content until a content block without HEADING is met.
bool trailing_headline_to_boilerplate(TextDocument& doc);

/// [post-1.2.0] LargeBlockSameTagLevelToContentFilter: at the tag level of the first
/// content block labelled VERY_LIKELY_CONTENT, non-content blocks with ≥ 100 words become
/// content.
bool large_block_same_tag_level_to_content(TextDocument& doc);

/// [post-1.2.0] ListAtEndFilter: LI blocks labelled MIGHT_BE_CONTENT, without links and
/// deeper than a preceding VERY_LIKELY_CONTENT block (with no other block between that
/// breaks the run), become content.
bool list_at_end(TextDocument& doc);

}  // namespace boilerdex::plugin
