#pragma once
/// \file
/// TokenCounts: what a block's features (block_features.hpp) count over the boilerpipe
/// tokens of its text (word_tokenizer.hpp), kept apart from the features so that the
/// segmenter, which tokenizes every block's text anyway, can count them in the same pass.

namespace boilerdex::plugin {

/// Counts over the tokens of one text. A word token is one with a letter or number
/// (is_word). Filled by compute_token_counts (block_features.hpp) or by the segmenter
/// (TextDocument::token_counts).
struct TokenCounts {
  int word_tokens = 0;         ///< word tokens
  int letters_and_digits = 0;  ///< letters and digits (code points) over the word tokens
  int sentences = 0;  ///< word tokens ending a sentence, plus one for an unterminated tail
  int start_uppercase = 0;  ///< word tokens whose first letter is upper or title case
  int all_uppercase = 0;    ///< word tokens with a letter and no lower-case letter
  int full_stops = 0;       ///< word tokens ending in '.'
  int date_tokens = 0;      ///< tokens that look like a date or time (is_date_time_token)
  /// False where the counts were not made (the segmenter leaves a block it cannot count
  /// from its own pass so): a reader counts the text itself.
  bool known = false;
};

}  // namespace boilerdex::plugin
