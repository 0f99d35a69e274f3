/* The C ABI (boilerdex.h), compiled as C99: every entry point, its errors and messages. */
#include <stdio.h>
#include <string.h>

#include "boilerdex/boilerdex.h"

static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static const char page[] =
    "<html><head><title>Garden pond</title></head><body>"
    "<ul><li><a href=\"/\">Home</a></li><li><a href=\"/shop\">Shop</a></li><li><a "
    "href=\"/help\">Help</a></li></ul>"
    "<div>You are here: Garden</div><h1>Garden pond</h1>"
    "<p>The garden pond was dug by hand over three long weekends last spring, lined with a "
    "rubber sheet and planted with irises and water lilies along its shallow northern edge.</p>"
    "<p>Frogs arrived within a month, and by midsummer the newts had laid their eggs on the "
    "leaves of the submerged plants, folding each leaf carefully around a single egg.</p>"
    "<div><a href=\"/c\">Comments</a> | <a href=\"/s\">Share</a></div>"
    "<div>Copyright Pondlife Media. <a href=\"/p\">Privacy</a> <a "
    "href=\"/t\">Terms</a></div></body></html>";

/* The words of boilerplate blocks (navigation, sharing, footer), none of them in the content. */
static const char* const boilerplate_words[] = {"Home", "Shop", "Help", "Comments", "Pondlife"};

static void test_versions_and_statuses(void) {
  CHECK(strcmp(bdx_version(), BDX_VERSION_STRING) == 0);
  CHECK(strcmp(bdx_status_string(BDX_OK), "ok") == 0);
  CHECK(strcmp(bdx_status_string(BDX_ERROR_UNKNOWN_EXTRACTOR), "unknown extractor") == 0);
  CHECK(strcmp(bdx_status_string((bdx_status)-99), "unknown status") == 0);
}

static void test_extractor_listing(void) {
  const char* name = NULL;
  const char* description = NULL;
  size_t i;
  int found_article = 0;
  CHECK(bdx_extractor_count() > 5);
  for (i = 0; i < bdx_extractor_count(); ++i) {
    CHECK(bdx_extractor_info(i, &name, &description) == BDX_OK);
    CHECK(name != NULL && description != NULL && description[0] != '\0');
    if (name != NULL && strcmp(name, "article") == 0) found_article = 1;
  }
  CHECK(found_article);
  CHECK(bdx_extractor_info(bdx_extractor_count(), &name, &description) == BDX_ERROR_OUT_OF_RANGE);
  CHECK(name == NULL && description == NULL);
  CHECK(strstr(bdx_last_error(), "index") != NULL);
}

static void test_create_errors(void) {
  bdx_extractor* ex = (bdx_extractor*)&ex; /* a non-NULL value the call must reset */
  CHECK(bdx_extractor_create("no-such-extractor", &ex) == BDX_ERROR_UNKNOWN_EXTRACTOR);
  CHECK(ex == NULL);
  CHECK(strstr(bdx_last_error(), "no-such-extractor") != NULL);
  CHECK(bdx_extractor_create("article", NULL) == BDX_ERROR_INVALID_ARGUMENT);
  CHECK(bdx_last_error()[0] != '\0');
  CHECK(bdx_extractor_create(NULL, &ex) == BDX_OK);
  CHECK(bdx_last_error()[0] == '\0');
  CHECK(ex != NULL && strcmp(bdx_extractor_name(ex), "best") == 0); /* the default */
  bdx_extractor_free(ex);
  ex = NULL;
  CHECK(bdx_extractor_create("", &ex) == BDX_OK);
  CHECK(ex != NULL && strcmp(bdx_extractor_name(ex), "best") == 0);
  bdx_extractor_free(ex);
  bdx_extractor_free(NULL);
  bdx_result_free(NULL);
  CHECK(bdx_extractor_name(NULL) == NULL);
}

static void test_options(void) {
  bdx_extractor* ex = NULL;
  CHECK(bdx_extractor_create("default", &ex) == BDX_OK);
  CHECK(bdx_extractor_set_option(ex, "colour", "red") == BDX_ERROR_UNKNOWN_OPTION);
  CHECK(strstr(bdx_last_error(), "colour") != NULL);
  CHECK(bdx_extractor_set_option(ex, "max_depth", "-3") == BDX_ERROR_INVALID_ARGUMENT);
  CHECK(bdx_extractor_set_option(ex, "max_depth", "12x") == BDX_ERROR_INVALID_ARGUMENT);
  CHECK(bdx_extractor_set_option(ex, "max_depth", "0") == BDX_ERROR_INVALID_ARGUMENT);
  CHECK(bdx_extractor_set_option(ex, "blocks", "yes") == BDX_ERROR_INVALID_ARGUMENT);
  CHECK(bdx_extractor_set_option(ex, "extractor", "nope") == BDX_ERROR_UNKNOWN_EXTRACTOR);
  CHECK(strcmp(bdx_extractor_name(ex), "default") == 0); /* unchanged on failure */
  CHECK(bdx_extractor_set_option(ex, "extractor", "min-words:3") == BDX_OK);
  CHECK(strcmp(bdx_extractor_name(ex), "min-words:3") == 0);
  CHECK(bdx_extractor_set_option(ex, "max_depth", "500") == BDX_OK);
  CHECK(bdx_extractor_set_option(ex, "max_page_millis", "60000") == BDX_OK);
  CHECK(bdx_extractor_set_option(ex, "max_page_millis", "soon") == BDX_ERROR_INVALID_ARGUMENT);
  CHECK(bdx_extractor_set_option(ex, "charset", "ISO-8859-1") == BDX_OK);
  CHECK(bdx_extractor_set_option(NULL, "charset", "x") == BDX_ERROR_INVALID_ARGUMENT);
  CHECK(bdx_extractor_set_option(ex, NULL, "x") == BDX_ERROR_INVALID_ARGUMENT);
  bdx_extractor_free(ex);
}

static void test_extract(void) {
  bdx_extractor* ex = NULL;
  bdx_result* r = NULL;
  bdx_block block;
  const double* features = NULL;
  size_t size = 0, i, content_blocks = 0;
  const char* text;
  CHECK(bdx_extractor_create("article", &ex) == BDX_OK);
  CHECK(bdx_extract(ex, page, sizeof page - 1, NULL, &r) == BDX_OK);
  CHECK(r != NULL);

  text = bdx_result_text(r, &size);
  CHECK(text != NULL && strlen(text) == size);
  CHECK(strstr(text, "garden pond was dug") != NULL);
  CHECK(strstr(text, "newts") != NULL);
  for (i = 0; i < sizeof boilerplate_words / sizeof *boilerplate_words; ++i) {
    CHECK(strstr(text, boilerplate_words[i]) == NULL);
  }
  CHECK(strcmp(bdx_result_title(r, &size), "Garden pond") == 0 && size == 11);
  CHECK(strcmp(bdx_result_metadata(r, "title", &size), "Garden pond") == 0 && size == 11);
  CHECK(strcmp(bdx_result_metadata(r, "author", &size), "") == 0 && size == 0);
  CHECK(bdx_result_metadata(r, "nonsense", &size) == NULL && size == 0);
  CHECK(bdx_metadata_field_count() == 11);
  CHECK(strcmp(bdx_metadata_field_name(0), "title") == 0);
  CHECK(bdx_result_charset(r) != NULL);
  CHECK(bdx_result_html(r, &size) != NULL && size == sizeof page - 1);

  CHECK(bdx_result_block_count(r) >= 4);
  for (i = 0; i < bdx_result_block_count(r); ++i) {
    CHECK(bdx_result_block(r, i, &block) == BDX_OK);
    CHECK(block.text != NULL && strlen(block.text) == block.text_size);
    CHECK(block.source_begin <= block.source_end && block.source_end <= sizeof page - 1);
    if (block.is_content) {
      ++content_blocks;
      CHECK(strstr(text, block.text) != NULL); /* content blocks make up the text */
    }
    if (strstr(block.text, "newts") != NULL) CHECK(block.is_content);
    if (strcmp(block.text, "Home") == 0) {
      CHECK(!block.is_content);
      CHECK(block.link_density == 1.0f && block.num_words_in_anchor_text == 1);
    }
    CHECK(bdx_result_block_features(r, i, &features) == BDX_OK);
    CHECK(features != NULL && features[0] == (double)block.num_words); /* num_words comes first */
  }
  CHECK(content_blocks >= 2 && content_blocks < bdx_result_block_count(r));
  CHECK(bdx_result_block(r, bdx_result_block_count(r), &block) == BDX_ERROR_OUT_OF_RANGE);
  CHECK(bdx_result_block_features(r, 999, &features) == BDX_ERROR_OUT_OF_RANGE && features == NULL);

  CHECK(bdx_feature_count() > 10);
  CHECK(strcmp(bdx_feature_name(0), "num_words") == 0);
  CHECK(bdx_feature_name(bdx_feature_count()) == NULL);
  bdx_result_free(r);

  /* Text only: no blocks. */
  CHECK(bdx_extractor_set_option(ex, "blocks", "0") == BDX_OK);
  CHECK(bdx_extract(ex, page, sizeof page - 1, "UTF-8", &r) == BDX_OK);
  CHECK(bdx_result_block_count(r) == 0);
  CHECK(strstr(bdx_result_text(r, NULL), "newts") != NULL);
  bdx_result_free(r);

  /* An empty page is a page with no text, not an error; NULL data needs size 0. */
  CHECK(bdx_extract(ex, NULL, 0, NULL, &r) == BDX_OK);
  CHECK(strcmp(bdx_result_text(r, NULL), "") == 0);
  bdx_result_free(r);
  r = (bdx_result*)&r;
  CHECK(bdx_extract(ex, NULL, 5, NULL, &r) == BDX_ERROR_INVALID_ARGUMENT && r == NULL);
  CHECK(bdx_extract(NULL, page, 3, NULL, &r) == BDX_ERROR_INVALID_ARGUMENT && r == NULL);
  CHECK(bdx_result_text(NULL, &size) == NULL && size == 0);
  bdx_extractor_free(ex);
}

static void test_charset_hint(void) {
  /* "caf\xe9" is café in windows-1252 and invalid UTF-8. */
  static const char latin[] = "<html><body><p>caf\xe9 au lait</p></body></html>";
  bdx_extractor* ex = NULL;
  bdx_result* r = NULL;
  CHECK(bdx_extractor_create("keep-everything", &ex) == BDX_OK);
  CHECK(bdx_extract(ex, latin, sizeof latin - 1, "ISO-8859-1", &r) == BDX_OK);
  CHECK(strcmp(bdx_result_text(r, NULL), "caf\xc3\xa9 au lait\n") == 0);
  CHECK(strcmp(bdx_result_charset(r), "ISO-8859-1") == 0 ||
        strcmp(bdx_result_charset(r), "windows-1252") == 0);
  bdx_result_free(r);
  bdx_extractor_free(ex);
}

int main(void) {
  test_versions_and_statuses();
  test_extractor_listing();
  test_create_errors();
  test_options();
  test_extract();
  test_charset_hint();
  if (failures != 0) {
    fprintf(stderr, "c_api_test: %d check(s) failed\n", failures);
    return 1;
  }
  printf("c_api_test: all checks passed\n");
  return 0;
}
