/* boilerdex.h: the C ABI of libboilerdex. The main text of web pages for any language
 * that can call C.
 *
 *   bdx_extractor* ex = NULL;
 *   bdx_result* page = NULL;
 *   if (bdx_extractor_create(NULL, &ex) != BDX_OK ||  // NULL: the default, "best"
 *       bdx_extract(ex, html, html_size, NULL, &page) != BDX_OK) {
 *     fprintf(stderr, "boilerdex: %s\n", bdx_last_error());
 *   } else {
 *     fputs(bdx_result_text(page, NULL), stdout);
 *   }
 *   bdx_result_free(page);
 *   bdx_extractor_free(ex);
 *
 * Conventions (as in fmt's C API):
 * - Every function that can fail returns an enum bdx_status: BDX_OK (0) or a negative
 *   error code. On failure, bdx_last_error() gives a message for this thread, and the
 *   output parameters are left as NULL / 0. No C++ exception ever leaves a bdx_ function.
 * - Handles are opaque. An extractor is configured (bdx_extractor_set_option), then used;
 *   bdx_extract on one extractor from many threads at once is safe as long as nobody
 *   configures it meanwhile. A result belongs to the caller and is not shared state.
 * - Strings are UTF-8 and NUL-terminated; *_size outputs give their length in bytes
 *   without the NUL (text may contain U+FFFD for undecodable input, never a NUL byte).
 * - Every *_free function accepts NULL.
 *
 * The ABI is versioned by the SONAME: fields are never added to struct bdx_block within
 * one SONAME. BDX_VERSION_* (boilerdex_version.h) are the headers' version; bdx_version()
 * is the library's. */
#ifndef BOILERDEX_BOILERDEX_H
#define BOILERDEX_BOILERDEX_H

#include <stddef.h>
#include <stdint.h>

#include "boilerdex/boilerdex_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Outcome of a call: 0 is success, every error is negative. */
typedef enum bdx_status {
  BDX_OK = 0,
  BDX_ERROR_INVALID_ARGUMENT = -1,  /* a NULL handle or pointer, or a malformed value */
  BDX_ERROR_UNKNOWN_EXTRACTOR = -2, /* no extractor has that name (see bdx_extractor_info) */
  BDX_ERROR_UNKNOWN_OPTION = -3,    /* bdx_extractor_set_option: no option has that key */
  BDX_ERROR_OUT_OF_RANGE = -4,      /* an index past the end */
  BDX_ERROR_OUT_OF_MEMORY = -5,
  BDX_ERROR_INPUT = -6,   /* the page could not be processed */
  BDX_ERROR_INTERNAL = -7, /* a bug: please report the message */
  /* Not a status: widens the enum's range to every int, so that a value a C caller passes
   * from elsewhere (bdx_status_string((bdx_status)-99)) is still a valid value in C++. */
  BDX_STATUS_RANGE_MIN_ = -2147483647 - 1
} bdx_status;

/* The library's version, "MAJOR.MINOR.PATCH". Never fails. */
const char* bdx_version(void);

/* A fixed English name for a status ("ok", "invalid argument", ...); "unknown status"
 * for a value that is not one. Never fails. */
const char* bdx_status_string(bdx_status status);

/* The message of the last failed bdx_ call on the calling thread ("" when the last call
 * succeeded). Valid until this thread's next bdx_ call. Never fails. */
const char* bdx_last_error(void);

/* ---- Extractors ---- */

/* Number of extractor names (and name patterns) bdx_extractor_create accepts. */
size_t bdx_extractor_count(void);

/* The index-th extractor: its name ("best", or a pattern such as
 * "keep-everything-min-words:K") and a one-line description, both static strings.
 * Either output may be NULL. BDX_ERROR_OUT_OF_RANGE when index >= bdx_extractor_count(). */
bdx_status bdx_extractor_info(size_t index, const char** name, const char** description);

/* An opaque, configurable extractor. */
typedef struct bdx_extractor bdx_extractor;

/* Creates the extractor called name (the default extractor, "best", when name is NULL or
 * ""; see bdx_extractor_info) with default options into *extractor.
 * BDX_ERROR_UNKNOWN_EXTRACTOR for a name that is unknown or malformed. */
bdx_status bdx_extractor_create(const char* name, bdx_extractor** extractor);

/* The canonical name of the extractor ("best", "min-words:10"); valid while the
 * extractor lives. NULL for a NULL extractor. */
const char* bdx_extractor_name(const bdx_extractor* extractor);

/* Sets one option (both strings, so every binding can call it):
 *   "extractor"       a name as for bdx_extractor_create (replaces the extractor)
 *   "charset"         the charset pages are declared in when bdx_extract gets none
 *                     ("" for none: the page's BOM, <meta> or detection decide)
 *   "blocks"          "1" (default): results carry blocks and features; "0": text only
 *                     (faster: no copy of the page's blocks)
 *   "metadata"        "1" (default): results carry the page's metadata
 *                     (bdx_result_metadata); "0": every field empty
 *   "max_input_bytes", "max_depth", "max_blocks", "max_block_bytes"
 *                     limits against hostile pages (decimal, > 0); hitting one truncates
 *                     the result, never fails
 *   "max_page_millis" wall-clock bound on one page, from decoding to the extractor's
 *                     end (decimal, > 0; default 30000): a page past it fails with
 *                     BDX_ERROR_INPUT and bdx_last_error() names the stage it was in
 * BDX_ERROR_UNKNOWN_OPTION for another key, BDX_ERROR_INVALID_ARGUMENT for a bad value,
 * BDX_ERROR_UNKNOWN_EXTRACTOR for "extractor" with an unknown name. On failure the
 * extractor is unchanged. Not thread-safe with concurrent use of the same extractor. */
bdx_status bdx_extractor_set_option(bdx_extractor* extractor, const char* key, const char* value);

/* Destroys an extractor (results made with it stay valid). */
void bdx_extractor_free(bdx_extractor* extractor);

/* ---- Extraction ---- */

/* The extraction of one page. */
typedef struct bdx_result bdx_result;

/* Extracts the main text of the page data[0, size) into *result. charset_hint is the
 * charset a transport declared (an HTTP Content-Type's charset; NULL or "" for none,
 * then the extractor's "charset" option applies); a byte-order mark still wins, and
 * unknown names are ignored. Bad HTML and undecodable bytes degrade the result (U+FFFD),
 * never fail. data may be NULL when size is 0. Thread-safe (see the top of this file).
 * O(size). */
bdx_status bdx_extract(const bdx_extractor* extractor, const char* data, size_t size,
                       const char* charset_hint, bdx_result** result);

/* The main text: each content block's text followed by '\n' (boilerpipe's getContent()).
 * *size (when size is not NULL) receives its length. Valid while the result lives.
 * NULL (and *size 0) for a NULL result. */
const char* bdx_result_text(const bdx_result* result, size_t* size);

/* The page's <title> text ("" when none); as bdx_result_text. */
const char* bdx_result_title(const bdx_result* result, size_t* size);

/* Number of metadata fields (bdx_metadata_field_name). Never fails. */
size_t bdx_metadata_field_count(void);

/* The name of metadata field index, a static string, in this order: "title", "author",
 * "date", "sitename", "description", "language", "url", "image", "categories", "tags",
 * "page_type"; NULL when index >= bdx_metadata_field_count(). */
const char* bdx_metadata_field_name(size_t index);

/* The page's metadata field key (a name of bdx_metadata_field_name): title cleaned of the
 * site name, author(s), date as YYYY-MM-DD (published, else modified), site name,
 * description, language tag, canonical URL, lead image URL, categories and tags (one per
 * line, '\n' between them), page type (article, forum, product, listing, collection,
 * documentation, service: only when the markup says it). "" when the page does not give it
 * or the extractor's "metadata" option is "0"; as bdx_result_text otherwise. NULL (and
 * *size 0) for a NULL result or key, or an unknown key. Never fails otherwise. */
const char* bdx_result_metadata(const bdx_result* result, const char* key, size_t* size);

/* The charset the page was decoded from ("UTF-8", "windows-1252", ...). */
const char* bdx_result_charset(const bdx_result* result);

/* The page decoded to UTF-8, which bdx_block source offsets index into; as
 * bdx_result_text. */
const char* bdx_result_html(const bdx_result* result, size_t* size);

/* One text block of the page, as the segmenter cut it, with the extractor's decision. */
typedef struct bdx_block {
  const char* text; /* UTF-8, NUL-terminated, valid while the result lives */
  size_t text_size; /* bytes, without the NUL */
  int is_content;   /* 1: the extractor keeps it (main content), 0: boilerplate */
  float score;      /* the method's confidence that it is content; NaN when none */
  int num_words;    /* boilerpipe's word count (anchor markers excluded) */
  int num_words_in_anchor_text;
  float text_density;    /* words per complete 80-column line */
  float link_density;    /* words inside <a> / words */
  int tag_level;         /* element depth where the block's first text appeared */
  uint32_t source_begin; /* [source_begin, source_end): bytes of bdx_result_html() */
  uint32_t source_end;   /*   spanning the block's text nodes, markup inside included */
} bdx_block;

/* Number of blocks (0 when the extractor's "blocks" option is "0"). */
size_t bdx_result_block_count(const bdx_result* result);

/* Fills *block with block index (< bdx_result_block_count). BDX_ERROR_OUT_OF_RANGE
 * past the end. */
bdx_status bdx_result_block(const bdx_result* result, size_t index, bdx_block* block);

/* Number of shallow text features per block (WSDM 2010 Table 2: counts, densities,
 * average word and sentence length, capitalisation and full-stop ratios, date tokens,
 * vertical bars, enclosing tag, position). Never fails. */
size_t bdx_feature_count(void);

/* The name of feature index ("num_words", "link_density", ...), a static snake_case
 * string; NULL when index >= bdx_feature_count(). */
const char* bdx_feature_name(size_t index);

/* The bdx_feature_count() features of block index, in bdx_feature_name order, into
 * *features (valid while the result lives). BDX_ERROR_OUT_OF_RANGE past the end. */
bdx_status bdx_result_block_features(const bdx_result* result, size_t index,
                                     const double** features);

/* Destroys a result. */
void bdx_result_free(bdx_result* result);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* BOILERDEX_BOILERDEX_H */
