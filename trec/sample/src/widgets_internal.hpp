#pragma once
/// \file
/// The pieces of a page that the five layouts share: link lists, sidebars' contents, tag
/// clouds, the post body and title, the comment form. Private to trec/sample/src. Each
/// writes to \p w (whose lifetime is the caller's) and \throws std::bad_alloc only.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "blog_internal.hpp"
#include "boilerdex/trec/experiment_random.hpp"
#include "page_writer_internal.hpp"

namespace boilerdex::trec::sample {

/// A titled list of links: <h2>Title</h2><ul><li>...</li></ul> in the layout's markup,
/// \p heading_tag being the heading's open tag ("h2 class=\"sidebar-title\""); \p suffix,
/// when given, follows each link as text.
void link_list(PageWriter& w, std::string_view heading_tag, std::string_view heading,
               const std::vector<std::string>& items, const Site& site, std::string_view suffix = {});

/// The site's \p limit most recent titles (fewer early on), newest first.
[[nodiscard]] std::vector<std::string> recent_titles(const Site& site, std::size_t limit);

/// The archive's months: the month of \p day and of every 30 days back, 8 steps, without
/// repeats.
[[nodiscard]] std::vector<std::string> archive_months(std::int64_t day);

/// The category list with post counts; draws one number per category from \p random.
[[nodiscard]] std::vector<std::string> category_items(const Site& site, Random& random);

/// A <ul> (opened as \p open: "ul" and its attributes) of links to the site's pages of
/// \p tags, one <li> each.
void tag_links(PageWriter& w, const Site& site, std::string_view open, const std::vector<std::string>& tags);

/// The site's tag cloud: a <ul> of links or inline links in growing font sizes, as the
/// site has it.
void tag_cloud(PageWriter& w, const Site& site);

/// \p label, then the post's tags as rel="tag" links separated by commas.
void post_tags(PageWriter& w, const Site& site, const Post& post, std::string_view label);

/// The post itself, as gold text: paragraphs as <p>, lists as <ul>, or with
/// \p br_paragraphs Blogger's <br /><br /> between paragraphs.
void post_body(PageWriter& w, const Post& post, bool br_paragraphs);

/// The post title, as gold text, in the element \p open.
void title_element(PageWriter& w, std::string_view open, const Post& post);

/// A comment form (name, mail, website, text) under a heading.
void comment_form(PageWriter& w, std::string_view heading_tag, std::string_view heading);

}  // namespace boilerdex::trec::sample
