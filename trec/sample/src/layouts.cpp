// The page around a post: the <head>, and the five blog templates, one function each. The
// pieces they share (link lists, tag clouds, the post body, the comment form) are in
// widgets.cpp.
#include "layouts_internal.hpp"

#include <string>
#include <string_view>

#include "calendar_internal.hpp"
#include "widgets_internal.hpp"

namespace boilerdex::trec::sample {
namespace {

void head(PageWriter& w, const Site& site, const Post& post) {
  w.raw("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" "
        "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n");
  switch (site.encoding) {
    case Encoding::Utf8:
    case Encoding::Utf8Entities:
      w.raw("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\" />\n");
      break;
    case Encoding::Windows1252:
    case Encoding::Windows1252MetaOnly:
      w.raw("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\" />\n");
      break;
    case Encoding::Latin1Mislabelled:
      w.raw("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\" />\n");
      break;
  }
  w.element("title", site.name + (site.layout == Layout::Blogger ? ": " : " \u00BB ") + post.title);
  w.raw("\n<link rel=\"stylesheet\" href=\"http://" + site.host + "/style.css\" type=\"text/css\" />\n");
  w.raw("<link rel=\"alternate\" type=\"application/rss+xml\" title=\"RSS\" href=\"http://" + site.host + "/feed/\" />\n");
  w.raw("<script type=\"text/javascript\">\nvar disqus_shortname = 'blog" + std::to_string(site.feed_number) +
        "';\nfunction toggleComments(id) { var e = document.getElementById(id); if (e) { e.style.display = "
        "(e.style.display == 'none') ? 'block' : 'none'; } }\n</script>\n");
  w.raw("<style type=\"text/css\">body { font-family: Georgia, serif; } .hidden { display: none; }</style>\n</head>\n");
}

void render_movable_type(PageWriter& w, const Site& site, const Post& post) {
  w.raw("<body>\n<div id=\"container\">\n<div id=\"banner\"><h1>");
  w.link("http://" + site.host + "/", site.name);
  w.raw("</h1>");
  w.element("h2", site.tagline);
  w.raw("</div>\n<div id=\"center\"><div class=\"content\">\n<p align=\"right\">");
  w.link("http://" + site.host + "/prev.html", "\u00AB " + post.previous_title);
  w.text(" | ", Part::Other);
  w.link("http://" + site.host + "/", "Main");
  w.raw("</p>\n");
  w.element("h2", long_date(post.day));
  w.raw("\n<div class=\"blogbody\">\n");
  title_element(w, "h3 class=\"title\"", post);
  w.raw("\n");
  post_body(w, post, false);
  w.raw("<span class=\"posted\">");
  w.text("Posted by " + site.author + " at " + clock_time(post.hour, post.minute), Part::Other);
  w.raw("<br /></span>\n</div>\n");
  if (!post.comments.empty()) {
    w.element("div class=\"comments-head\"", "Comments");
    for (const auto& c : post.comments) {
      w.raw("<div class=\"comments-body\">");
      w.element("p", c.text);
      w.element("span class=\"comments-post\"", "Posted by: " + c.author + " at " + c.when);
      w.raw("</div>\n");
    }
  }
  comment_form(w, "div class=\"comments-head\"", "Post a comment");
  w.raw("</div></div>\n<div id=\"right\">\n");
  w.element("div class=\"sidetitle\"", "Search");
  w.raw("<div class=\"side\"><form method=\"get\" action=\"/search\">");
  w.element("label for=\"search\"", "Search this site:");
  w.raw("<input id=\"search\" name=\"q\" /></form></div>\n");
  w.element("div class=\"sidetitle\"", "Recent Entries");
  w.raw("<div class=\"side\">");
  for (const auto& t : recent_titles(site, 10)) {
    w.link("http://" + site.host + "/archives/" + std::to_string(t.size()) + ".html", t);
    w.raw("<br />\n");
  }
  w.raw("</div>\n");
  if (site.show_popular && !site.popular.empty()) {
    w.element("div class=\"sidetitle\"", "Most Read");
    w.raw("<div class=\"side\">");
    for (const auto& t : site.popular) {
      w.link("http://" + site.host + "/archives/popular.html", t);
      w.raw("<br />\n");
    }
    w.raw("</div>\n");
  }
  w.element("div class=\"sidetitle\"", "Archives");
  w.raw("<div class=\"side\">");
  for (const auto& m : archive_months(post.day)) {
    w.link("http://" + site.host + "/archives/", m);
    w.raw("<br />\n");
  }
  w.raw("</div>\n");
  w.element("div class=\"sidetitle\"", "Links");
  w.raw("<div class=\"side\">");
  for (const auto& b : site.blogroll) {
    w.link("http://example.org/", b);
    w.raw("<br />\n");
  }
  w.raw("</div>\n<div class=\"powered\">");
  w.text("Powered by", Part::Other);
  w.raw("<br />");
  w.link("http://www.movabletype.org", site.engine);
  w.raw("</div>\n</div>\n</div>\n</body>\n</html>\n");
}

void render_kubrick(PageWriter& w, const Site& site, const Post& post, Prose& prose) {
  w.raw("<body>\n<div id=\"page\">\n<div id=\"header\"><div id=\"headerimg\"><h1>");
  w.link("http://" + site.host + "/", site.name);
  w.raw("</h1>");
  w.element("div class=\"description\"", site.tagline);
  w.raw("</div></div>\n<hr />\n<div id=\"content\" class=\"narrowcolumn\">\n<div class=\"navigation\"><div class=\"alignleft\">");
  w.link("http://" + site.host + "/prev/", "\u00AB " + post.previous_title);
  w.raw("</div></div>\n<div class=\"post\">\n");
  w.raw("<h2>");
  w.raw("<a href=\"" + post.url + "\" rel=\"bookmark\">");
  title_element(w, "span", post);
  w.raw("</a></h2>\n<div class=\"entry\">\n");
  post_body(w, post, false);
  w.raw("</div>\n<p class=\"postmetadata alt\"><small>");
  w.text("This entry was posted on " + long_date(post.day) + " at " + clock_time(post.hour, post.minute) +
             " and is filed under ",
         Part::Other);
  w.link("http://" + site.host + "/category/", post.category);
  w.text(". You can follow any responses to this entry through the RSS 2.0 feed. You can leave a response, or "
         "trackback from your own site.",
         Part::Other);
  w.raw("</small></p>\n</div>\n");
  if (!post.comments.empty()) {
    w.element("h3 id=\"comments\"", std::to_string(post.comments.size()) + (post.comments.size() == 1 ? " Response" : " Responses") +
                                        " to \u201C" + post.title + "\u201D");
    w.raw("<ol class=\"commentlist\">\n");
    for (std::size_t i = 0; i < post.comments.size(); ++i) {
      const auto& c = post.comments[i];
      w.raw(i % 2 == 0 ? "<li class=\"alt\">" : "<li>");
      w.element("cite", c.author);
      w.text(" Says:", Part::Other);
      w.raw("<br /><small class=\"commentmetadata\">");
      w.link("#comment", c.when);
      w.raw("</small>");
      w.element("p", c.text);
      w.raw("</li>\n");
    }
    w.raw("</ol>\n");
  }
  comment_form(w, "h3 id=\"respond\"", "Leave a Reply");
  w.raw("</div>\n<div id=\"sidebar\"><ul>\n<li><form method=\"get\" action=\"/\">");
  w.element("label class=\"hidden\" for=\"s\"", "Search for:");
  w.raw("<input type=\"text\" name=\"s\" id=\"s\" /><input type=\"submit\" value=\"Search\" /></form></li>\n<li>");
  w.element("h2", "Author");
  w.element("p", "A little something about " + site.author + ", who writes here when time allows.");
  w.raw("</li>\n<li>");
  link_list(w, "h2", "Recent Posts", recent_titles(site, 5), site);
  w.raw("</li>\n");
  if (site.show_popular && !site.popular.empty()) {
    w.raw("<li>");
    link_list(w, "h2", "Popular Posts", site.popular, site);
    w.raw("</li>\n");
  }
  w.raw("<li>");
  link_list(w, "h2", "Archives", archive_months(post.day), site);
  w.raw("</li>\n<li class=\"categories\">");
  link_list(w, "h2", "Categories", category_items(site, prose.random()), site);
  w.raw("</li>\n<li class=\"linkcat\">");
  link_list(w, "h2", "Blogroll", site.blogroll, site);
  w.raw("</li>\n<li>");
  link_list(w, "h2", "Meta", {"Log in", "Valid XHTML", "XFN", "WordPress"}, site);
  w.raw("</li>\n</ul></div>\n<hr />\n<div id=\"footer\"><p>");
  w.text(site.name + " is proudly powered by ", Part::Other);
  w.link("http://wordpress.org/", "WordPress");
  w.raw("<br />");
  w.link("http://" + site.host + "/feed/", "Entries (RSS)");
  w.text(" and ", Part::Other);
  w.link("http://" + site.host + "/comments/feed/", "Comments (RSS)");
  w.text(".", Part::Other);
  w.raw("</p></div>\n</div>\n</body>\n</html>\n");
}

void render_blogger(PageWriter& w, const Site& site, const Post& post) {
  w.raw("<body>\n<div id=\"outer-wrapper\">\n<div id=\"header-wrapper\"><div id=\"header\"><h1 class=\"title\">");
  w.link("http://" + site.host + "/", site.name);
  w.raw("</h1>");
  w.element("p class=\"description\"", site.tagline);
  w.raw("</div></div>\n<div id=\"content-wrapper\">\n<div id=\"main-wrapper\">\n");
  w.element("h2 class=\"date-header\"", long_date(post.day));
  w.raw("\n<div class=\"post\">\n");
  title_element(w, "h3 class=\"post-title\"", post);
  w.raw("\n<div class=\"post-body\">\n");
  post_body(w, post, true);
  w.raw("<div style=\"clear:both;\"></div></div>\n<p class=\"post-footer\"><em>");
  w.text("posted by " + site.author + " at " + clock_time(post.hour, post.minute), Part::Other);
  w.raw("</em></p>\n<p class=\"post-labels\">");
  post_tags(w, site, post, "Labels: ");
  w.raw("</p>\n</div>\n<div id=\"comments\">\n");
  w.element("h4", std::to_string(post.comments.size()) + " Comments:");
  w.raw("<dl id=\"comments-block\">\n");
  for (const auto& c : post.comments) {
    w.raw("<dt class=\"comment-poster\">");
    w.link("http://www.blogger.example.com/profile/", c.author);
    w.text(" said...", Part::Other);
    w.raw("</dt>\n");
    w.element("dd class=\"comment-body\"", c.text);
    w.element("dd class=\"comment-footer\"", c.when);
    w.raw("\n");
  }
  w.raw("</dl>\n<p class=\"comment-timestamp\">");
  w.link("http://www.blogger.example.com/comment", "Post a Comment");
  w.raw("</p>\n<p class=\"comment-timestamp\">");
  w.link("http://" + site.host + "/", "<< Home");
  w.raw("</p>\n</div>\n</div>\n<div id=\"sidebar-wrapper\">\n<div id=\"profile-container\">");
  w.element("h2 class=\"sidebar-title\"", "About Me");
  w.raw("<dl class=\"profile-datablock\"><dd class=\"profile-data\"><strong>");
  w.text("Name:", Part::Other);
  w.raw("</strong> ");
  w.text(site.author, Part::Other);
  w.raw("</dd></dl>");
  w.element("p class=\"profile-textblock\"", "Reader, walker, occasional writer. Usually found somewhere near a kettle.");
  w.raw("<p class=\"profile-link\">");
  w.link("http://www.blogger.example.com/profile/", "View my complete profile");
  w.raw("</p></div>\n");
  link_list(w, "h2 class=\"sidebar-title\"", "Previous Posts", recent_titles(site, 10), site);
  if (site.show_popular && !site.popular.empty()) {
    link_list(w, "h2 class=\"sidebar-title\"", "Popular Posts", site.popular, site);
  }
  link_list(w, "h2 class=\"sidebar-title\"", "Archives", archive_months(post.day), site);
  link_list(w, "h2 class=\"sidebar-title\"", "Links", site.blogroll, site);
  w.raw("<p id=\"powered-by\"><a href=\"http://www.blogger.com\"><img src=\"http://buttons.blogger.com/bloggerbutton1.gif\" "
        "alt=\"Powered by Blogger\" /></a></p>\n</div>\n</div>\n</div>\n</body>\n</html>\n");
}

void render_typepad(PageWriter& w, const Site& site, const Post& post, Prose& prose) {
  w.raw("<body>\n<table width=\"100%\" cellpadding=\"4\">\n<tr><td class=\"nav\" colspan=\"2\">");
  w.link("http://" + site.host + "/", "Home");
  w.text(" | ", Part::Other);
  w.link("http://" + site.host + "/archives/", "Archives");
  w.text(" | ", Part::Other);
  w.link("http://" + site.host + "/profile/", "Profile");
  w.text(" | ", Part::Other);
  w.link("http://" + site.host + "/index.rdf", "Subscribe");
  w.raw("</td></tr>\n<tr><td valign=\"top\" class=\"sidebar\" width=\"200\">\n<div class=\"module\">");
  w.element("h2", site.name);
  w.element("p", site.tagline);
  w.raw("</div>\n<div class=\"module\">");
  w.element("h2", "Tags");
  tag_cloud(w, site);
  w.raw("</div>\n<div class=\"module\">");
  link_list(w, "h2", "Recent Posts", recent_titles(site, 8), site);
  w.raw("</div>\n<div class=\"module\">");
  if (site.show_popular && !site.popular.empty()) {
    link_list(w, "h2", "Popular", site.popular, site);
    w.raw("</div>\n<div class=\"module\">");
  }
  link_list(w, "h2", "Categories", category_items(site, prose.random()), site);
  w.raw("</div>\n<div class=\"module\">");
  link_list(w, "h2", "Friends", site.blogroll, site);
  w.raw("</div>\n</td>\n<td valign=\"top\" class=\"main\">\n<div class=\"entry\">");
  title_element(w, "h3 class=\"entry-header\"", post);
  w.raw("\n<div class=\"entry-content\"><div class=\"entry-body\">\n");
  post_body(w, post, false);
  w.raw("</div></div>\n<p class=\"entry-footer\"><span class=\"post-footers\">");
  w.text("Posted by " + site.author + " on " + long_date(post.day) + " at " + clock_time(post.hour, post.minute) + " in ",
         Part::Other);
  w.link("http://" + site.host + "/category/", post.category);
  w.raw("</span> <span class=\"separator\">|</span> ");
  w.link(post.url, "Permalink");
  w.raw("</p>\n<div class=\"entry-tags\">");
  w.element("h4", "Tags");
  tag_links(w, site, "ul", post.tags);
  w.raw("</div>\n</div>\n");
  if (!post.comments.empty()) {
    w.raw("<div class=\"comments\">");
    w.element("h3", "Comments");
    w.raw("<div class=\"comments-content\">\n");
    for (const auto& c : post.comments) {
      w.raw("<div class=\"comment\"><div class=\"comment-content\">");
      w.element("p", c.text);
      w.raw("</div><p class=\"comment-footer\">");
      w.text("Posted by: ", Part::Other);
      w.link("http://example.org/", c.author);
      w.text(" | " + c.when, Part::Other);
      w.raw("</p></div>\n");
    }
    w.raw("</div></div>\n");
  }
  w.raw("<div class=\"comments-open\">");
  comment_form(w, "h2", "Post a comment");
  w.raw("</div>\n</td></tr>\n<tr><td colspan=\"2\" class=\"footer\">");
  w.text("\u00A9 2006 " + site.name + " \u00B7 Powered by " + site.engine, Part::Other);
  w.raw("</td></tr>\n</table>\n</body>\n</html>\n");
}

void render_magazine(PageWriter& w, const Site& site, const Post& post, Prose& prose) {
  w.raw("<body>\n<div id=\"wrapper\">\n<div id=\"masthead\"><div class=\"site-title\">");
  w.link("http://" + site.host + "/", site.name);
  w.raw("</div>\n<ul id=\"nav\">");
  for (const std::string_view item : {"Home", "About", "Contact", "Archives"}) {
    w.open("li");
    w.link("http://" + site.host + "/", item);
    w.close("li");
  }
  w.raw("</ul></div>\n<div id=\"main\">\n<div class=\"hentry\">\n");
  title_element(w, "h1 class=\"entry-title\"", post);
  w.raw("\n<div class=\"entry-meta\">");
  w.text("By ", Part::Other);
  w.element("span class=\"author\"", site.author);
  w.text(" \u00B7 ", Part::Other);
  w.element("abbr class=\"published\"", long_date(post.day));
  w.text(" \u00B7 ", Part::Other);
  w.link("#comments", std::to_string(post.comments.size()) + " comments");
  w.raw("</div>\n<div class=\"entry-content\">\n");
  post_body(w, post, false);
  w.raw("</div>\n<div class=\"share\">");
  w.text("Share this: ", Part::Other);
  for (const std::string_view s : {"Digg", "del.icio.us", "Technorati", "Email"}) {
    w.link("http://example.com/share", s);
    w.text(" ", Part::Other);
  }
  w.raw("</div>\n<div class=\"tags\">");
  post_tags(w, site, post, "Tags: ");
  w.raw("</div>\n<div class=\"related\">");
  link_list(w, "h3", "Related posts", recent_titles(site, 3), site);
  w.raw("</div>\n</div>\n<div id=\"comments\">\n");
  for (const auto& c : post.comments) {
    w.raw("<div class=\"comment\">");
    w.element("div class=\"comment-author\"", c.author);
    w.element("div class=\"comment-date\"", c.when);
    w.raw("<div class=\"comment-text\">");
    w.element("p", c.text);
    w.raw("</div></div>\n");
  }
  comment_form(w, "h3", "Leave a comment");
  w.raw("</div>\n</div>\n<div id=\"sidebar\">\n");
  if (!site.popular.empty()) {
    w.raw("<div class=\"widget\">");
    link_list(w, "h3", "Popular posts", site.popular, site);
    w.raw("</div>\n");
  }
  w.raw("<div class=\"widget\">");
  w.element("h3", "Tag cloud");
  tag_cloud(w, site);
  w.raw("</div>\n<div class=\"widget\">");
  w.element("h3", "Recent comments");
  w.open("ul");
  for (const auto& t : recent_titles(site, 4)) {
    w.open("li");
    w.text(prose.person() + " on ", Part::Other);
    w.link("http://" + site.host + "/", t);
    w.close("li");
  }
  w.close("ul");
  w.raw("</div>\n<div class=\"widget\">");
  link_list(w, "h3", "Archives", archive_months(post.day), site);
  w.raw("</div>\n</div>\n<div id=\"footer\">");
  w.element("p", "Copyright \u00A9 2006 " + site.name + ". All rights reserved. Powered by " + site.engine + '.');
  w.raw("</div>\n</div>\n</body>\n</html>\n");
}

}  // namespace

void render_page(PageWriter& w, const Site& site, const Post& post, Prose& prose) {
  head(w, site, post);
  switch (site.layout) {
    case Layout::MovableType: render_movable_type(w, site, post); break;
    case Layout::Kubrick: render_kubrick(w, site, post, prose); break;
    case Layout::Blogger: render_blogger(w, site, post); break;
    case Layout::TypePad: render_typepad(w, site, post, prose); break;
    case Layout::Magazine: render_magazine(w, site, post, prose); break;
  }
}

}  // namespace boilerdex::trec::sample
