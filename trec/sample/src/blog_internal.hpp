#pragma once
/// \file
/// What a generated blog is (its template, encoding, themes and running sidebars) and what
/// one of its post pages shows. Plain data; private to trec/sample/src.

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace boilerdex::trec::sample {

/// The 2006 blog templates the pages copy: Movable Type, WordPress Kubrick, Blogger
/// Minima, TypePad tables, a magazine theme.
enum class Layout { MovableType, Kubrick, Blogger, TypePad, Magazine };
constexpr std::size_t layout_count = 5;

/// How a blog serves its pages: the bytes, and what the HTTP header and <meta> say.
enum class Encoding {
  Utf8,                ///< charset=UTF-8 in the HTTP header and a <meta>
  Utf8Entities,        ///< no charset in the header, <meta charset>, typography as entities
  Windows1252,         ///< charset=windows-1252 in the header and the <meta>
  Windows1252MetaOnly, ///< bare text/html header; only the <meta> names windows-1252
  Latin1Mislabelled,   ///< says ISO-8859-1, writes windows-1252 smart quotes (very common)
};

/// True when the page bytes are windows-1252 (whatever the page says).
inline bool is_windows_1252(Encoding e) {
  return e == Encoding::Windows1252 || e == Encoding::Windows1252MetaOnly || e == Encoding::Latin1Mislabelled;
}

/// One blog: fixed when the generator starts, except recent, popular and posts, which
/// grow as its posts are generated.
struct Site {
  std::string name, host, author, tagline, engine;
  Layout layout = Layout::Kubrick;
  Encoding encoding = Encoding::Utf8;
  std::array<std::size_t, 2> themes{};
  std::vector<std::string> tags;      ///< the tag cloud
  std::vector<std::string> blogroll;
  std::deque<std::string> recent;     ///< newest first, at most recent_limit
  std::vector<std::string> popular;   ///< up to popular_limit early on-topic titles
  std::uint64_t posts = 0;
  std::uint32_t feed_number = 0;
  bool show_popular = false;
  bool list_tag_cloud = false;  ///< tags as <li> items (separate blocks) instead of inline links
};

constexpr std::size_t recent_limit = 10;
constexpr std::size_t popular_limit = 4;

/// One reader comment (boilerplate: never part of the post text).
struct Comment {
  std::string author, when, text;
};

/// Everything one post page shows.
struct Post {
  std::string title, slug, url, category, previous_title;
  std::int64_t day = 0;
  int hour = 0, minute = 0;
  struct Block {
    std::string text;
    bool list = false;  ///< rendered as a <ul> of the '\n'-separated items
  };
  std::vector<Block> body;
  std::vector<std::string> tags;
  std::vector<Comment> comments;
};

}  // namespace boilerdex::trec::sample
