#pragma once
/// \file
/// A post page in its blog's template. Private to trec/sample/src.

#include "blog_internal.hpp"
#include "page_writer_internal.hpp"
#include "prose_internal.hpp"

namespace boilerdex::trec::sample {

/// Writes the whole page of \p post on \p site to \p w: the <head> (with the <meta>
/// charset the site's encoding calls for), then the body in site.layout's template with
/// its sidebars, comments and footer. Draws from \p prose (category counts, commenters'
/// names) in a fixed order, so the same state gives the same page. \throws std::bad_alloc.
void render_page(PageWriter& w, const Site& site, const Post& post, Prose& prose);

}  // namespace boilerdex::trec::sample
