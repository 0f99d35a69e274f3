#include "widgets_internal.hpp"

#include <algorithm>

#include "calendar_internal.hpp"
#include "vocabulary_internal.hpp"

namespace boilerdex::trec::sample {

void link_list(PageWriter& w, std::string_view heading_tag, std::string_view heading,
               const std::vector<std::string>& items, const Site& site, std::string_view suffix) {
  w.element(heading_tag, heading);
  w.open("ul");
  for (const auto& item : items) {
    w.open("li");
    w.link("http://" + site.host + "/?s=" + std::to_string(item.size()), item);
    if (!suffix.empty()) w.text(suffix, Part::Other);
    w.close("li");
  }
  w.close("ul");
}

std::vector<std::string> recent_titles(const Site& site, std::size_t limit) {
  std::vector<std::string> out;
  for (const auto& t : site.recent) {
    if (out.size() == limit) break;
    out.push_back(t);
  }
  return out;
}

std::vector<std::string> archive_months(std::int64_t day) {
  std::vector<std::string> out;
  for (int k = 0; k < 8; ++k) out.push_back(month_year(day - 30L * k));
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> category_items(const Site& site, Random& random) {
  std::vector<std::string> out;
  for (const std::size_t t : site.themes) {
    out.push_back(std::string(sample::themes()[t].category) + " (" + std::to_string(5 + random.below(60)) + ')');
  }
  out.push_back("Uncategorized (" + std::to_string(1 + random.below(9)) + ')');
  return out;
}

void tag_links(PageWriter& w, const Site& site, std::string_view open, const std::vector<std::string>& tags) {
  w.open(open);
  for (const auto& tag : tags) {
    w.open("li");
    w.link("http://" + site.host + "/tag/" + tag, tag);
    w.close("li");
  }
  w.close("ul");
}

void tag_cloud(PageWriter& w, const Site& site) {
  if (site.list_tag_cloud) {
    tag_links(w, site, "ul class=\"tag-cloud\"", site.tags);
    return;
  }
  w.open("div class=\"tagcloud\"");
  for (std::size_t i = 0; i < site.tags.size(); ++i) {
    w.raw("<a href=\"http://" + site.host + "/tag/" + site.tags[i] + "\" style=\"font-size: " +
          std::to_string(8 + (i * 7) % 15) + "pt;\">");
    w.text(site.tags[i], Part::Other);
    w.raw("</a>\n");
  }
  w.close("div");
}

void post_tags(PageWriter& w, const Site& site, const Post& post, std::string_view label) {
  w.text(label, Part::Other);
  for (std::size_t i = 0; i < post.tags.size(); ++i) {
    if (i > 0) w.text(", ", Part::Other);
    w.raw("<a rel=\"tag\" href=\"http://" + site.host + "/tag/" + post.tags[i] + "\">");
    w.text(post.tags[i], Part::Other);
    w.raw("</a>");
  }
}

void post_body(PageWriter& w, const Post& post, bool br_paragraphs) {
  for (std::size_t i = 0; i < post.body.size(); ++i) {
    const auto& block = post.body[i];
    if (block.list) {
      w.open("ul");
      std::size_t begin = 0;
      while (begin <= block.text.size()) {
        const std::size_t end = std::min(block.text.find('\n', begin), block.text.size());
        w.open("li");
        w.text(std::string_view(block.text).substr(begin, end - begin), Part::Gold);
        w.close("li");
        w.gold_break();
        begin = end + 1;
      }
      w.close("ul");
    } else if (br_paragraphs) {
      if (i > 0) w.raw("<br /><br />");
      w.text(block.text, Part::Gold);
      w.gold_break();
    } else {
      w.element("p", block.text, Part::Gold);
      w.gold_break();
    }
    w.raw("\n");
  }
}

void title_element(PageWriter& w, std::string_view open, const Post& post) {
  w.element(open, post.title, Part::Gold);
  w.gold_break();
}

void comment_form(PageWriter& w, std::string_view heading_tag, std::string_view heading) {
  w.element(heading_tag, heading);
  w.raw("<form action=\"/comments-post\" method=\"post\"><p>");
  w.element("label for=\"author\"", "Name (required)");
  w.raw("<input type=\"text\" name=\"author\" /></p><p>");
  w.element("label for=\"email\"", "Mail (will not be published)");
  w.raw("<input type=\"text\" name=\"email\" /></p><p>");
  w.element("label for=\"url\"", "Website");
  w.raw("<input type=\"text\" name=\"url\" /></p><p><textarea name=\"comment\" cols=\"60\" rows=\"8\"></textarea></p>"
        "<p><input type=\"submit\" value=\"Submit Comment\" /></p></form>\n");
}

}  // namespace boilerdex::trec::sample
