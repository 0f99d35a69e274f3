// read_page_metadata: one small hand-written page per source of metadata.
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "boilerdex/plugin/extractor_registry.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "boilerdex/plugin/page_metadata.hpp"
#include "../../plugin/page/internal/page_metadata_internal.hpp"

using namespace boilerdex::plugin;

namespace {

std::string page(const std::string& head, const std::string& body = "<p>Body text.</p>") {
  return "<!DOCTYPE html><html><head>" + head + "</head><body>" + body + "</body></html>";
}

// A dated article's head: there one byline element names the author (on an undated page a
// name needs a second element, test_page_metadata_gates.cpp).
const std::string k_published = "<meta property=\"article:published_time\" content=\"2024-05-06\">";
const std::string k_dated_article =
    "<title>T</title><meta property=\"og:type\" content=\"article\">" + k_published;

}  // namespace

BOOST_AUTO_TEST_SUITE(page_metadata)

BOOST_AUTO_TEST_CASE(meta_name_tags) {
  const auto m = read_page_metadata(page(
      "<title>Tax guide</title><meta name=\"author\" content=\"Ada Lovelace\">"
      "<meta name=\"description\" content=\"How to file &amp; pay.\">"
      "<meta name=\"keywords\" content=\"tax, money , tax\">"
      "<meta name=\"date\" content=\"2023-11-02\">"));
  BOOST_TEST(m.title == "Tax guide");
  BOOST_TEST(m.author == "Ada Lovelace");
  BOOST_TEST(m.description == "How to file & pay.");
  BOOST_TEST(m.date == "2023-11-02");
  BOOST_TEST((m.tags == std::vector<std::string>{"tax", "money"}));
  BOOST_TEST(m.page_type.empty());  // nothing says what kind of page it is
}

// A story pasted into the keywords is no list of keywords: from an item with markup on,
// nothing is taken (the items after it are pieces of its sentences); an item of more than 12
// words alone is left out, and a long title of a work is kept. A tag in an author's value ends the
// name ("AL ALEXANDER<BR>The Patriot Ledger").
BOOST_AUTO_TEST_CASE(keywords_that_are_sentences_and_tags_in_an_author) {
  using Tags = std::vector<std::string>;
  const auto tags_of = [](const std::string& keywords) {
    return read_page_metadata(page("<meta name=\"keywords\" content=\"" + keywords + "\">")).tags;
  };
  BOOST_TEST((tags_of("daily record, new jersey, FBN 49ers Martz claims he can put together a fantastic offense "
                      "with the same players who, made up the worst unit in 2007.&lt;p/&gt;It is brash, says Nolan") ==
              Tags{"daily record", "new jersey"}),
             boost::test_tools::per_element());
  BOOST_TEST((tags_of("FBN 49ers, retirement planning calculator ira individual account traditional ira simple "
                      "roth plan retire eligibility, Star Wars: Episode V - The Empire Strikes Back") ==
              Tags{"FBN 49ers", "Star Wars: Episode V - The Empire Strikes Back"}),
             boost::test_tools::per_element());
  const auto ld = read_page_metadata(page(
      "<script type=\"application/ld+json\">{\"@type\": \"Article\", \"keywords\": [\"storms\", "
      "\"One storm closed the harbour and flooded the promenade on Tuesday night, the council said today\"]}</script>"));
  BOOST_TEST((ld.tags == Tags{"storms"}), boost::test_tools::per_element());
  BOOST_TEST(read_page_metadata(page("<meta name=\"author\" content=\"   AL ALEXANDER<BR>The Patriot Ledger\">")).author ==
             "AL ALEXANDER");
}

BOOST_AUTO_TEST_CASE(opengraph) {
  const auto m = read_page_metadata(page(
      "<meta property=\"og:title\" content=\"Harbour storm\">"
      "<meta property=\"og:site_name\" content=\"Example Times\">"
      "<meta property=\"og:url\" content=\"https://example.com/storm\">"
      "<meta property=\"og:image\" content=\"https://example.com/s.jpg\">"
      "<meta property=\"og:type\" content=\"article\">"
      "<meta property=\"og:locale\" content=\"en_GB\">"
      "<meta property=\"article:published_time\" content=\"2010-02-04T18:00:00+01:00\">"
      "<meta property=\"article:modified_time\" content=\"2010-02-06T09:00:00Z\">"
      "<meta property=\"article:section\" content=\"Weather\">"
      "<meta property=\"article:tag\" content=\"storms\">"));
  BOOST_TEST(m.title == "Harbour storm");
  BOOST_TEST(m.sitename == "Example Times");
  BOOST_TEST(m.url == "https://example.com/storm");
  BOOST_TEST(m.image == "https://example.com/s.jpg");
  BOOST_TEST(m.page_type == "article");
  BOOST_TEST(m.language == "en-GB");
  BOOST_TEST(m.date == "2010-02-04");  // published wins over modified
  BOOST_TEST((m.categories == std::vector<std::string>{"Weather"}));
  BOOST_TEST((m.tags == std::vector<std::string>{"storms"}));
}

BOOST_AUTO_TEST_CASE(twitter_cards) {
  const auto m = read_page_metadata(page(
      "<meta name=\"twitter:title\" content=\"Card title\">"
      "<meta name=\"twitter:description\" content=\"Card text\">"
      "<meta name=\"twitter:image\" content=\"https://example.com/c.png\">"));
  BOOST_TEST(m.title == "Card title");
  BOOST_TEST(m.description == "Card text");
  BOOST_TEST(m.image == "https://example.com/c.png");
}

BOOST_AUTO_TEST_CASE(json_ld_article) {
  const auto m = read_page_metadata(page(
      "<title>Ignored | Site</title>"
      R"(<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",
      "headline":"Storm closes harbour","datePublished":"2010-02-04T18:00:00Z",
      "dateModified":"2010-02-05","author":[{"@type":"Person","name":"A. Reporter"},
      {"@type":"Person","name":"B. Writer"}],"publisher":{"@type":"Organization","name":"Example Times"},
      "articleSection":["News","Weather"],"keywords":"storm, harbour","image":{"url":"https://e.com/i.jpg"},
      "inLanguage":"en"}</script>)"));
  BOOST_TEST(m.author == "A. Reporter, B. Writer");
  BOOST_TEST(m.date == "2010-02-04");
  BOOST_TEST(m.sitename == "Example Times");
  BOOST_TEST(m.page_type == "article");
  BOOST_TEST(m.image == "https://e.com/i.jpg");
  BOOST_TEST((m.categories == std::vector<std::string>{"News", "Weather"}));
  BOOST_TEST((m.tags == std::vector<std::string>{"storm", "harbour"}));
  BOOST_TEST(m.title == "Ignored");  // the <title>, cleaned, as no <h1> names the headline
}

BOOST_AUTO_TEST_CASE(json_ld_sections_joined_by_commas_are_a_list) {
  // WordPress SEO plugins write every category into one string; the <meta> names the first.
  const auto listed = read_page_metadata(page(
      R"(<meta property="article:section" content="The Best">)"
      R"(<script type="application/ld+json">{"@type":"Article","headline":"Lamps",
      "articleSection":"Best Accessories, News, The Best"}</script>)"));
  BOOST_TEST((listed.categories == std::vector<std::string>{"The Best", "Best Accessories", "News"}),
             boost::test_tools::per_element());
  // A sentence in the field (a description put there) is no list: its parts are too long.
  const std::string sentence =
      "Staying ahead of fitness trends keeps trainers competitive, and knowing what is coming lets you "
      "adapt";
  const auto misplaced = read_page_metadata(page(
      R"(<script type="application/ld+json">{"@type":"Article","headline":"Trends","articleSection":")" +
      sentence + R"("}</script>)"));
  BOOST_TEST((misplaced.categories == std::vector<std::string>{sentence}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(json_ld_graph_resolves_the_author_by_id) {
  const auto m = read_page_metadata(page(
      R"(<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
      {"@type":"WebSite","@id":"#site","name":"Left Site"},
      {"@type":"WebPage","@id":"#page","datePublished":"2019-01-01"},
      {"@type":"BlogPosting","headline":"Post","author":{"@id":"#jane"},"datePublished":"2021-06-30"},
      {"@type":"Person","@id":"#jane","name":"Jane Doe"}]}</script>)"));
  BOOST_TEST(m.author == "Jane Doe");
  BOOST_TEST(m.date == "2021-06-30");  // the post's date, not the web page's
  BOOST_TEST(m.sitename == "Left Site");
  BOOST_TEST(m.page_type == "article");
}

BOOST_AUTO_TEST_CASE(json_ld_arrays_and_kinds_of_page) {
  const auto product = read_page_metadata(page(
      R"(<script type="application/ld+json">[{"@type":"BreadcrumbList"},
      {"@type":"Product","name":"Wool Runner","review":[{"author":{"name":"Reviewer"}}]}]</script>)"));
  BOOST_TEST(product.page_type == "product");
  BOOST_TEST(product.author.empty());  // a reviewer is not the page's author
  const auto forum = read_page_metadata(page(
      R"(<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Q",
      "author":{"@type":"Person","name":"user42"},"datePublished":"2024-05-11T08:00:00Z"}</script>)"));
  BOOST_TEST(forum.page_type == "forum");
  BOOST_TEST(forum.author == "user42");
  BOOST_TEST(forum.date == "2024-05-11");
}

BOOST_AUTO_TEST_CASE(malformed_json_ld_is_skipped_not_thrown) {
  std::string deep(100000, '[');
  const auto m = read_page_metadata(page(
      "<title>Still here</title><meta name=\"author\" content=\"Kept Name\">"
      "<meta property=\"og:type\" content=\"article\">"
      "<script type=\"application/ld+json\">{\"@type\": \"Article\", \"author\": </script>"
      "<script type=\"application/ld+json\">" + deep + "</script>"
      "<script type=\"application/ld+json\"><!-- {\"@type\":\"Article\",\"datePublished\":\"2020-01-02\"} --></script>"));
  BOOST_TEST(m.title == "Still here");
  BOOST_TEST(m.author == "Kept Name");
  BOOST_TEST(m.date == "2020-01-02");  // the comment-wrapped body still counts
}

BOOST_AUTO_TEST_CASE(json_ld_beyond_its_budget_is_skipped) {
  MetadataLimits limits;
  limits.max_json_ld_bytes = 40;
  const auto m = read_page_metadata(
      page(R"(<script type="application/ld+json">{"@type":"Article","author":{"name":"Too Far Along"}}</script>)"),
      limits);
  BOOST_TEST(m.author.empty());
}

BOOST_AUTO_TEST_CASE(microdata) {
  const auto m = read_page_metadata(page(
      "<title>Recipe</title>",
      "<div itemscope itemtype=\"https://schema.org/BlogPosting\">"
      "<span itemprop=\"author\" itemscope><span itemprop=\"name\">Mary Cook</span></span>"
      "<meta itemprop=\"datePublished\" content=\"2022-09-14\">"
      "<p>Text</p></div>"));
  BOOST_TEST(m.author == "Mary Cook");
  BOOST_TEST(m.date == "2022-09-14");
  // A schema.org Person whose name is a nested <meta>: the author element has no text.
  const auto person = read_page_metadata(page(
      "<title>Thread</title>",
      "<div itemscope itemtype=\"https://schema.org/DiscussionForumPosting\">"
      "<span itemprop=\"author\" itemscope itemtype=\"https://schema.org/Person\">"
      "<meta itemprop=\"url\" content=\"https://example.org/alphabyte1\">"
      "<meta itemprop=\"name\" content=\"Alphabyte1\"></span>"
      "<meta itemprop=\"datePublished\" content=\"2023-03-09T14:21:23Z\">"
      "<p>Text</p><span itemprop=\"name\">Not a name of the author</span></div>"));
  BOOST_TEST(person.author == "Alphabyte1");
  BOOST_TEST(person.date == "2023-03-09");
}

BOOST_AUTO_TEST_CASE(time_datetime) {
  const auto m = read_page_metadata(page(
      "<title>Post</title>", "<article><time datetime=\"2021-03-04T05:06:07Z\" pubdate>4 March</time></article>"));
  BOOST_TEST(m.date == "2021-03-04");
  const std::string dated = "<span class=\"post-date\">Posted on March 9th, 2024</span>";
  const auto text = read_page_metadata(
      page("<title>Post</title><meta property=\"og:type\" content=\"article\">", dated));
  BOOST_TEST(text.date == "2024-03-09");
  // On a page that neither is marked as an article nor names an author, a date in the text
  // is as often a release date or a review's: none is given.
  BOOST_TEST(read_page_metadata(page("<title>Shop</title>", dated)).date.empty());
}

BOOST_AUTO_TEST_CASE(byline_near_the_content) {
  const auto m = read_page_metadata(page(
      "<title>Story</title>",
      "<h1>Story</h1><p class=\"byline\">By Sam Smith | 12 May 2020</p><p>Text</p>"
      "<div class=\"comment\"><span class=\"comment-author\">Troll</span></div>"));
  BOOST_TEST(m.author == "Sam Smith");
  BOOST_TEST(m.date == "2020-05-12");
  const auto link = read_page_metadata(
      page("<title>Story</title>", "<a href=\"/authors/kim-lee\">Kim Lee</a><time datetime=\"2020-01-01\">x</time>"
           "<span class=\"date\">1 January 2020</span>"));
  BOOST_TEST(link.author == "Kim Lee");
}

// An old blog template (Movable Type's) names the post's author and date only in the footer
// under it, "Posted by Name at <date>", in a date element; comments say "Posted by: Name".
BOOST_AUTO_TEST_CASE(posted_by_name_at_a_date) {
  const std::string post =
      "<h1>Site</h1><h2 class=\"date\">December 16, 2025</h2><div class=\"blogbody\"><h3 class=\"title\">Vibe "
      "Coding</h3><p>Text.</p><span class=\"posted\">Posted by David at December 16, 2025 11:15 AM<br></span>"
      "</div><div class=\"comments-body\"><span class=\"posted\">Posted by: Troll at December 17, 2025 09:00 "
      "AM</span></div>";
  const auto m = read_page_metadata(page("<title>Site: Vibe Coding</title>", post));
  BOOST_TEST(m.author == "David");
  BOOST_TEST(m.date == "2025-12-16");
  // TypePad's: "on", the date in a paragraph of its own kind.
  const auto typepad = read_page_metadata(page(
      "<title>Post</title>", "<p>Text.</p><p class=\"posted\">Posted by Kathy on April  6, 2007 | <a>Permalink</a></p>"));
  BOOST_TEST(typepad.author == "Kathy");
  BOOST_TEST(typepad.date == "2007-04-06");
  // A blog's front page lists posts, each so signed: none is the page's.
  const auto front = read_page_metadata(page(
      "<title>Site</title>", "<p>One.</p><span class=\"posted\">Posted by David at December 16, 2025 11:15 AM</span>"
                             "<p>Two.</p><span class=\"posted\">Posted by Ann at December 14, 2025 10:00 AM</span>"));
  BOOST_TEST(front.author.empty());
  BOOST_TEST(front.date.empty());
  // Without a date after the name, "Posted by" is no byline here.
  const auto undated = read_page_metadata(
      page("<title>Site</title>", "<p>Text.</p><span class=\"posted\">Posted by David at the harbour</span>"));
  BOOST_TEST(undated.author.empty());
}

BOOST_AUTO_TEST_CASE(byline_roles_dates_and_forum_posters) {
  const auto role = read_page_metadata(
      page("<title>Review</title><meta property=\"og:type\" content=\"article\">" + k_published,
           "<div class=\"author\">Text by Harry Rabinowitz Tech Reporter</div>"));
  BOOST_TEST(role.author == "Harry Rabinowitz");
  const auto month = read_page_metadata(page(
      "<title>Post</title><meta property=\"og:type\" content=\"article\">",
      "<span class=\"byline\">Dakota Hebert July 3, 2024</span>"));
  BOOST_TEST(month.author == "Dakota Hebert");
  BOOST_TEST(month.date == "2024-07-03");
  // Forum software: the first poster's name in a data-author attribute or a "username" element.
  const auto forum = read_page_metadata(page(
      "<title>Which anchor?</title>",
      "<article class=\"message\" data-author=\"lulug30\"><time datetime=\"2024-04-02T10:00:00Z\">Apr 2</time>"
      "<a class=\"username\">lulug30</a></article>"
      "<article class=\"message\" data-author=\"second_poster\"></article>"));
  BOOST_TEST(forum.author == "lulug30");
  // Named as the thread's starter under its title: that name before the posts' own markup.
  const auto starter = read_page_metadata(page(
      "<title>RTX 4090 or 4080?</title>",
      "<h1>RTX 4090 or 4080?</h1><span title=\"Thread starter\">Thread starter</span> <a>SamuelMIz</a>"
      "<time datetime=\"2025-06-14\">Jun 14</time><article data-author=\"Ralston18\"></article>"));
  BOOST_TEST(starter.author == "SamuelMIz");
  // A name written twice (link and label), a role after it, a user name with the next
  // avatar's initial: the name alone.
  for (const std::string byline : {"Trevor Jackins Trevor Jackins is our editor", "Trevor Jackins, Director",
                                   "Trevor Jackins SEO Specialist", "Trevor Jackins Content Marketing Coordinator",
                                   "Trevor Jackins EdTech Content writer", "Trevor Jackins Staff Writer"}) {
    const auto m =
        read_page_metadata(page(k_dated_article, "<span class=\"author\">" + byline + "</span>"));
    BOOST_TEST(m.author == "Trevor Jackins", byline);
  }
  // A team signing as such ("Podium Staff") is a name.
  BOOST_TEST(read_page_metadata(page(k_dated_article, "<span class=\"author\">Podium Staff</span>"))
                 .author == "Podium Staff");
  // A name's own words before a role stay.
  BOOST_TEST(read_page_metadata(
                 page(k_dated_article, "<span class=\"author\">Marna van der Merwe Writer</span>"))
                 .author == "Marna van der Merwe");
  const auto initial = read_page_metadata(page(
      "<title>Which anchor?</title>", "<article data-author=\"JosephF J\"><time datetime=\"2024-04-02\">x</time></article>"));
  BOOST_TEST(initial.author == "JosephF");
  // A byline's "By" in an element of its own, the name in the next: the name.
  const auto label = read_page_metadata(page(
      "<title>T</title><meta property=\"og:type\" content=\"article\">",
      "<p class=\"byline__name--block\">By&nbsp;</p><div class=\"byline\"><p class=\"byline__name\">"
      "<a href=\"/people/1/april-fulton\" rel=\"author\">April Fulton</a></p></div>"));
  BOOST_TEST(label.author == "April Fulton");
  // A page not marked as an article: its head's <meta name=author> when it names no
  // publisher (a company's legal form, a university, a team), and no name from its body.
  const std::string plain = "<p class=\"byline\">Reviewer Rex</p><p>Text</p>";
  BOOST_TEST(read_page_metadata(page("<title>T</title><meta name=\"author\" content=\"Guillaume Gomez\">", plain))
                 .author == "Guillaume Gomez");
  BOOST_TEST(read_page_metadata(page("<title>T</title><meta name=\"author\" content=\"Example Widgets Inc.\">", plain))
                 .author.empty());
  BOOST_TEST(read_page_metadata(page("<title>T</title>", plain)).author.empty());
  // A control's label or a phrase cut short is no name.
  for (const std::string label : {"Home", "Follow Jane", "Great Tips For"}) {
    const auto m =
        read_page_metadata(page(k_dated_article, "<span class=\"author\">" + label + "</span>"));
    BOOST_TEST(m.author.empty(), label);
  }
}

BOOST_AUTO_TEST_CASE(labels_and_placeholders_name_no_author) {
  const auto author_of = [](const std::string& byline) {
    return read_page_metadata(page(k_dated_article, "<span class=\"author\">" + byline + "</span>")).author;
  };
  // A link beside the byline, a CMS's default account, a template's unset value, a weekday's
  // date, a phrase: no name. Each of these was read as the author on a real page.
  for (const std::string label : {"RSS", "Authors", "Contributors", "About Us", "Photo", "admin", "Webmaster",
                                  "undefined", "Monday, November 12, 2012", "on Cooking Channel",
                                  "Mitt Romney's", "Mitt Romney\u2019s"})
    BOOST_TEST(author_of(label).empty(), label);
  // ... and the next byline element's name is the author.
  BOOST_TEST(author_of("RSS</span><span class=\"author\">Amy Locurto") == "Amy Locurto");
  // A separator the element before left, a weekday after the name: the name.
  BOOST_TEST(author_of("| Felicia Sonmez") == "Felicia Sonmez");
  BOOST_TEST(author_of("\u2022 By Jeff Foust Monday") == "Jeff Foust");
  // A name that only holds such a word stays.
  BOOST_TEST(author_of("Great Day Editorial Team") == "Great Day Editorial Team");
  BOOST_TEST(author_of("q_admin") == "q_admin");
  // JSON-LD's author is read the same way.
  const auto ld = read_page_metadata(page(
      "<title>T</title><script type=\"application/ld+json\">{\"@type\": \"NewsArticle\", "
      "\"author\": {\"@type\": \"Person\", \"name\": \"undefined\"}}</script>" + k_published,
      "<span class=\"author\">Jane Doe</span>"));
  BOOST_TEST(ld.author == "Jane Doe");
}

BOOST_AUTO_TEST_CASE(references_without_their_semicolon) {
  // HTML reads "&nbsp" and the other legacy names without ';' when no letter, digit or '='
  // follows; a name that runs on stays as written.
  const auto m = read_page_metadata(
      page(k_dated_article, "<span class=\"author\">Jane Doe&nbsp\t</span>"));
  BOOST_TEST(m.author == "Jane Doe");
  BOOST_TEST(read_page_metadata(page("<title>Fish &amp Chips &copy2024 AT&ampT</title>")).title ==
             "Fish & Chips &copy2024 AT&ampT");
}

BOOST_AUTO_TEST_CASE(every_named_reference_of_html_is_read) {
  // Beyond the common few: the standard's whole table (a Spanish title, a price, a reference
  // of two code points); a name HTML lacks stays as written.
  const auto m = read_page_metadata(page(
      "<title>Pol&iacute;tica de Garc&iacute;a: &pound;5 &NotEqualTilde; &bogus; &amp;c"
      "&NewLine;&NonBreakingSpace;end</title>"));
  // White space by name is a space, as "&nbsp;" is.
  BOOST_TEST(m.title == "Pol\u00EDtica de Garc\u00EDa: \u00A35 \u2242\u0338 &bogus; &c end");
}

BOOST_AUTO_TEST_CASE(fields_escaped_twice_are_read_again) {
  // A CMS that escaped its description twice ("&amp;#8217;" in the source) leaves references
  // after one reading; they are read once more. Text without one stays as it is.
  const auto m = read_page_metadata(page(
      "<title>Q&amp;A: AT&amp;T</title>"
      "<meta name=\"description\" content=\"Obama&amp;#8217;s plan &amp;mdash; and &amp;quot;more&amp;quot;\">"
      "<meta property=\"article:tag\" content=\"R&amp;amp;D, M&amp;M\">"));
  BOOST_TEST(m.description == "Obama\u2019s plan \u2014 and \"more\"");
  BOOST_TEST(m.title == "Q&A: AT&T");
  BOOST_TEST((m.tags == std::vector<std::string>{"R&D", "M&M"}), boost::test_tools::per_element());
}

// A blog's name above its post links home, and so is no headline: whether the link says so
// (rel="home") or leads to the site's root from a static copy of the site, whose links are
// written relative to each page ("../../../../index.html").
BOOST_AUTO_TEST_CASE(a_blog_s_name_linking_home_is_no_headline) {
  const std::string head = "<title>DSP Update \u2013 12th January | Danzels Internets</title>";
  const auto post = [](const std::string& link) {
    return "<h1 class=\"site-title\">" + link + "Danzels Internets</a></h1><p>Where I write.</p>"
           "<h1 class=\"entry-title\">DSP Update \u2013 12th January</h1><p>Text of the post.</p>";
  };
  for (const std::string link : {"<a href=\"../../../../index.html\">", "<a href=\"../../\">",
                                 "<a href=\"https://example.org/blog/\" rel=\"home\">"}) {
    BOOST_TEST_CONTEXT(link) {
      BOOST_TEST(read_page_metadata(page(head, post(link))).title == "DSP Update \u2013 12th January");
    }
  }
}

BOOST_AUTO_TEST_CASE(date_just_below_the_headline) {
  // No markup names the date: the one written under the headline is the post's.
  const auto m = read_page_metadata(page(
      "<title>Week 2</title>",
      "<h1><a href=\"/\">Roger's Blog</a></h1><h1>Week 2</h1><div class=\"meta\">by Amanda &middot; "
      "Dec 20, 2025 at 3:00 am</div><p>Text written on 1 May 2019.</p>"));
  BOOST_TEST(m.date == "2025-12-20");
  // A heading for screen readers only before it ("Search") is not the headline.
  const auto hidden = read_page_metadata(page(
      "<title>Trends</title>",
      "<h1 class=\"sr-only\">Search</h1><nav>" + std::string(400, 'm') + "</nav><h1 class=\"h2\">Trends</h1>"
      "<ul><li class=\"c-meta__date\">December 24, 2024</li></ul>"));
  BOOST_TEST(hidden.date == "2024-12-24");
  // Or set just above it, in a date element.
  const auto above = read_page_metadata(page(
      "<title>Starfield</title>",
      "<div class=\"date\"><time datetime=\"2025-11-30T00:00:00.000Z\"> Nov 30, 2025 </time></div><h1>Starfield</h1>"));
  BOOST_TEST(above.date == "2025-11-30");
  // A date further down the text is the text's, not the page's; one far above is another's.
  const std::string menu(700, 'm');
  BOOST_TEST(read_page_metadata(page("<title>Starfield</title>",
                                     "<time datetime=\"2025-11-30\">x</time><nav>" + menu + "</nav><h1>Starfield</h1>"))
                 .date.empty());
  const std::string filler(400, 'x');
  const auto far = read_page_metadata(
      page("<title>Rules</title>", "<h1>Rules</h1><p>" + filler + " in effect since January 1, 2020.</p>"));
  BOOST_TEST(far.date.empty());
  // Nor on a page JSON-LD says sells something.
  const auto product = read_page_metadata(page(
      "<title>Kettle</title><script type=\"application/ld+json\">{\"@type\":\"Product\",\"name\":\"Kettle\"}</script>",
      "<h1>Kettle</h1><p>In stock since March 3, 2024</p>"));
  BOOST_TEST(product.date.empty());
}

BOOST_AUTO_TEST_CASE(byline_just_below_the_headline) {
  // No byline markup: "By Name" under the headline, the name ending with its element.
  const auto m = read_page_metadata(page(
      "<title>Catering trends</title>",
      "<h1>Catering trends</h1><div><span>Aug 4, 2025</span> Written by <b>Edzel Tabing</b><nav>Table of "
      "contents</nav></div>"));
  BOOST_TEST(m.author == "Edzel Tabing");
  BOOST_TEST(m.date == "2025-08-04");
  // "by" in a sentence names no author: a lower-case word, mostly lower-case ones, or a single
  // word follow it.
  for (const std::string prose : {"Made by hand in small batches.", "Served by MongoDB, we call these requests short.",
                                   "Browse by <a>Sector</a>"}) {
    const auto p = read_page_metadata(page("<title>Story</title>", "<h1>Story</h1><p>May 2, 2024. " + prose + "</p>"));
    BOOST_TEST(p.author.empty(), prose);
  }
}

BOOST_AUTO_TEST_CASE(co_authors_in_citation_meta) {
  // A paper names each co-author in a <meta name=citation_author> of its own; all are kept.
  const auto m = read_page_metadata(page(
      "<title>Sleep study</title><meta property=\"og:type\" content=\"article\">"
      "<meta name=\"citation_author\" content=\"Aditya Mahindru\">"
      "<meta name=\"citation_author_institution\" content=\"Medical College\">"
      "<meta name=\"citation_author\" content=\"Pradeep Patil\">"));
  BOOST_TEST(m.author == "Aditya Mahindru, Pradeep Patil");
}

BOOST_AUTO_TEST_CASE(a_date_labelled_published) {
  // A date element right after the word "Published" is the publication date, even on a page
  // that neither names an author nor is marked as an article.
  const auto m = read_page_metadata(page(
      "<title>Sleep and AI</title>",
      "<div><h3>Published</h3><p><time datetime=\"2024-08-30T12:00:00Z\" class=\"datetime\">August 30, 2024</time></p></div>"));
  BOOST_TEST(m.date == "2024-08-30");
  // Without the label, nothing says the date is the page's.
  const auto bare = read_page_metadata(
      page("<title>Sleep and AI</title>", "<div><p><time class=\"datetime\">August 30, 2024</time></p></div>"));
  BOOST_TEST(bare.date.empty());
  // "Published" and its date in plain elements just above the headline; not a word inside a
  // tag ("published" in a class), nor a label far above it.
  const std::string headline = "<h1>Top eLearning Companies</h1><p>Text</p>";
  const auto plain = read_page_metadata(page(
      "<title>Top eLearning Companies</title>",
      "<div class=\"category\"><div>Published</div><div class=\"text-67\">October 14, 2025</div>"
      "<div> in </div><a href=\"/c\">Training</a></div>" + headline));
  BOOST_TEST(plain.date == "2025-10-14");
  BOOST_TEST(read_page_metadata(page("<title>T</title>", "<div data-x=\"posted\">x</div><p>October 14, 2025</p>" + headline))
                 .date.empty());
  BOOST_TEST(read_page_metadata(page("<title>T</title>", "<div>Published</div><div>October 14, 2025</div><nav>" +
                                                            std::string(300, 'm') + "</nav>" + headline))
                 .date.empty());
}

BOOST_AUTO_TEST_CASE(a_last_modified_date_is_no_publication_date) {
  const auto m = read_page_metadata(
      page("<title>Docs page</title>", "<p>This page was last modified on <time>Jul 15, 2025</time></p>"));
  BOOST_TEST(m.date.empty());  // not an article: a modification date alone says nothing
}

BOOST_AUTO_TEST_CASE(an_author_needs_an_article) {
  // A name on a page with no article markup and no date is more often a testimonial's.
  const auto m = read_page_metadata(page("<title>Services</title>", "<p class=\"author\">Happy Client</p>"));
  BOOST_TEST(m.author.empty());
  // Except a post's author= attribute: a thread whose posts show only relative times is
  // undated, and its first post's author is the thread's.
  const auto thread = read_page_metadata(
      page("<title>A question</title>",
           "<shreddit-post author=\"ControlCAD\" post-title=\"A question\"><p>Text</p></shreddit-post>"
           "<shreddit-comment author=\"replier\"><p>Reply</p></shreddit-comment>"));
  BOOST_TEST(thread.author == "ControlCAD");
  BOOST_TEST(thread.date.empty());
}

BOOST_AUTO_TEST_CASE(canonical_link_and_lang) {
  const auto m = read_page_metadata(
      "<html lang=\"pt-BR\"><head><link rel=\"alternate canonical\" href=\"https://e.com/a\">"
      "<meta property=\"og:url\" content=\"https://e.com/b\"></head></html>");
  BOOST_TEST(m.url == "https://e.com/a");
  BOOST_TEST(m.language == "pt-BR");
}

BOOST_AUTO_TEST_CASE(site_name_and_description_as_text) {
  const auto meta = [](const std::string& key, const std::string& value) {
    return "<meta property=\"" + key + "\" content=\"" + value + "\">";
  };
  // A URL as the site's name names its host; a name without a letter or digit, none.
  BOOST_TEST(read_page_metadata(page(meta("og:site_name", "http://www.ibnlive.in.com/"))).sitename == "ibnlive.in.com");
  BOOST_TEST(read_page_metadata(page(meta("og:site_name", "/"))).sitename.empty());
  BOOST_TEST(read_page_metadata(page(meta("og:site_name", "Example Times"))).sitename == "Example Times");
  // A description written as HTML: its text, a block's edge a space, an inline tag none.
  BOOST_TEST(read_page_metadata(page(meta("og:description",
                                          "&lt;p&gt;I did &lt;a href=&quot;https://e.org/&quot;&gt;Advent of "
                                          "Code&lt;/a&gt; again.&lt;/p&gt;&lt;p&gt;Spoilers.&lt;/p&gt;")))
                 .description == "I did Advent of Code again. Spoilers.");
  // One cut at its first quote holds no text: the next source's.
  BOOST_TEST(read_page_metadata(page("<meta name=\"description\" content=\"<a href=\">" +
                                     meta("og:description", "The live blog.")))
                 .description == "The live blog.");
  // A '<' inside text is text.
  BOOST_TEST(read_page_metadata(page(meta("og:description", "The &lt;table&gt; HTML element"))).description ==
             "The <table> HTML element");
  // So are its elements where the text starts with words: "<i>Blackout</i>", a "Read more" link.
  BOOST_TEST(read_page_metadata(page(meta("og:description",
                                          "Her album &lt;i&gt;Blackout&lt;/i&gt; leapt back. &lt;a "
                                          "href=&quot;https://e.org/p&quot;&gt;Read more...&lt;/a&gt;")))
                 .description == "Her album Blackout leapt back. Read more...");
  // White space written as references (a space and "&nbsp;", "&#xA;&#xA;") is one space.
  BOOST_TEST(read_page_metadata(page(meta("og:description", "Compare the caterers, &nbsp;then&#xA;&#xA;choose. ")))
                 .description == "Compare the caterers, then choose.");
}

BOOST_AUTO_TEST_CASE(language_tags_in_their_usual_case) {
  const auto language_of = [](const std::string& head) { return read_page_metadata(page(head)).language; };
  const auto meta = [](const std::string& name, const std::string& value) {
    return "<meta name=\"" + name + "\" content=\"" + value + "\">";
  };
  BOOST_TEST(language_of(meta("language", "EN_us")) == "en-US");
  BOOST_TEST(language_of(meta("language", "zh-hant-tw")) == "zh-Hant-TW");
  BOOST_TEST(language_of(meta("language", "es-419")) == "es-419");
  // An XHTML page's <html> with both: lang counts, xml:lang only alone.
  const auto html_language = [](const std::string& attributes) {
    return read_page_metadata("<html " + attributes + "><head><title>t</title></head><body><p>x</p></body></html>")
        .language;
  };
  BOOST_TEST(html_language("xml:lang=\"en\" lang=\"en-us\"") == "en-US");
  BOOST_TEST(html_language("xml:lang=\"de\"") == "de");
  // A list names its first language; a language's name is its tag.
  BOOST_TEST(language_of(meta("language", "en, sv")) == "en");
  BOOST_TEST(language_of(meta("language", "English")) == "en");
  BOOST_TEST(language_of(meta("language", "Deutsch")) == "de");
  // What is no tag gives way to the next source: og:locale's "pt_BR" after a template's
  // unfilled lang and a charset.
  BOOST_TEST(language_of("<meta property=\"og:locale\" content=\"pt_BR\">" + meta("language", "utf-8") +
                         meta("dc.language", "{{lang}}")) == "pt-BR");
  BOOST_TEST(read_page_metadata("<html lang=\"{{ lang }}\"><head>" + meta("language", "fr-ca") + "</head></html>")
                 .language == "fr-CA");
  BOOST_TEST(language_of(meta("language", "x")).empty());
}

BOOST_AUTO_TEST_CASE(relative_addresses_resolve_against_the_page_s_own) {
  struct Case {
    std::string why, head, url, image;
  };
  const std::vector<Case> cases{
      {"a relative canonical link and image, resolved against the page's absolute og:url",
       "<link rel=\"canonical\" href=\"/blog/a-post\"><meta property=\"og:url\" content=\"https://e.com/blog/a?x=1\">"
       "<meta property=\"og:image\" content=\"/img/card.png\">",
       "https://e.com/blog/a-post", "https://e.com/img/card.png"},
      {"<base href> after the page's address",
       "<base href=\"https://cdn.e.com/site/\"><link rel=\"canonical\" href=\"http://e.com/p\">"
       "<meta property=\"og:image\" content=\"img/card.png\">",
       "http://e.com/p", "https://cdn.e.com/site/img/card.png"},
      {"a protocol-relative image takes the page's scheme",
       "<link rel=\"canonical\" href=\"https://e.com/p\"><meta name=\"twitter:image\" content=\"//cdn.e.com/i.png\">",
       "https://e.com/p", "https://cdn.e.com/i.png"},
      {"no absolute address with a host (\"https:///blog\" has none): as written",
       "<link rel=\"canonical\" href=\"/blog/a-post\"><meta property=\"og:url\" content=\"https:///blog\">"
       "<meta property=\"og:image\" content=\"/img/card.png\">",
       "/blog/a-post", "/img/card.png"},
      {"words are no address; an absolute URL keeps the spaces of its path",
       "<script type=\"application/ld+json\">{\"@type\": \"Article\", \"url\": \"What are the types of wine?\", "
       "\"image\": \"https://e.com/files/Link Photo.png\"}</script>",
       "", "https://e.com/files/Link Photo.png"}};
  for (const auto& c : cases) {
    const auto m = read_page_metadata(page(c.head));
    BOOST_TEST(m.url == c.url, c.why);
    BOOST_TEST(m.image == c.image, c.why);
  }
}

// The caller's address (--url, a WARC record's, a JSONL record's "url") comes before the
// page's own, as for the Markdown's links; it is the page's url where the page names none,
// and a date in it counts as one in the page's own address does.
BOOST_AUTO_TEST_CASE(relative_addresses_resolve_against_the_caller_s_address) {
  const std::string head = "<link rel=\"canonical\" href=\"/blog/a-post\"><meta property=\"og:image\" content=\"img/card.png\">";
  const auto given = read_page_metadata(page(head), {}, "https://e.com/blog/a-post?ref=feed");
  BOOST_TEST(given.url == "https://e.com/blog/a-post");
  BOOST_TEST(given.image == "https://e.com/blog/img/card.png");
  const auto alone = read_page_metadata(page(head));
  BOOST_TEST(alone.url == "/blog/a-post");
  BOOST_TEST(alone.image == "img/card.png");
  // <base href> in turn, against the caller's address.
  const auto based = read_page_metadata(page("<base href=\"/static/\">" + head), {}, "https://e.com/blog/a-post");
  BOOST_TEST(based.image == "https://e.com/static/img/card.png");
  // No address in the page: the caller's is its url, and a date in its path is the page's date.
  const auto unnamed = read_page_metadata(page("<title>Vibe coding</title>"), {}, "https://e.com/archives/2025/12/16/vibe.html");
  BOOST_TEST(unnamed.url == "https://e.com/archives/2025/12/16/vibe.html");
  BOOST_TEST(unnamed.date == "2025-12-16");
  BOOST_TEST(read_page_metadata(page("<title>Vibe coding</title>")).date.empty());
  // A caller's address is cut as every field is.
  MetadataLimits small;
  small.max_field_bytes = 24;
  BOOST_TEST(read_page_metadata(page("<title>T</title>"), small, "https://e.com/a/very/long/path.html").url ==
             "https://e.com/a/very/lon");
  // An address without a host is not one to resolve against.
  BOOST_TEST(read_page_metadata(page(head), {}, "page.html").url == "/blog/a-post");
}

// HTML reads a numeric reference to a C1 control as windows-1252's character ("&#145;" is
// "‘"), as browsers show such titles; the five codes it leaves undefined stay.
BOOST_AUTO_TEST_CASE(references_to_c1_controls_read_as_windows_1252) {
  BOOST_TEST(read_page_metadata(page("<title>Fisher&#145;s 1972 match</title>")).title == "Fisher\u2018s 1972 match");
  BOOST_TEST(read_page_metadata(page("<meta name=\"description\" content=\"Tickets &#x96; &#128;5 &#129;x\">"))
                 .description == "Tickets \u2013 \u20AC5 \u0081x");
}

BOOST_AUTO_TEST_CASE(title_suffix_cleaning) {
  BOOST_TEST(clean_title("Story | The Guardian") == "Story");
  BOOST_TEST(clean_title("Long headline about things - Site") == "Long headline about things");
  BOOST_TEST(clean_title("Post title / Board / Some Forums") == "Post title");
  BOOST_TEST(clean_title("Site: A long headline with several words", "Site") ==
             "A long headline with several words");
  BOOST_TEST(clean_title("Covid-19 - what we know") == "Covid-19 - what we know");  // tail is the longer
  BOOST_TEST(clean_title("No separator here") == "No separator here");
  const auto m = read_page_metadata(page(
      "<title>Story about a storm \xE2\x80\x94 Example Times</title>"
      "<meta property=\"og:site_name\" content=\"Example Times\">"));
  BOOST_TEST(m.title == "Story about a storm");
}

BOOST_AUTO_TEST_CASE(title_from_the_main_heading) {
  // The <h1> is the headline the <title> names, without the title's addition.
  const auto m = read_page_metadata(
      page("<title>Best tents 2025: tested and rated | Outdoors</title>",
           "<h1 class=\"entry-title\">Best tents 2025 <a href=\"#\">\xC2\xB6</a></h1>"));
  BOOST_TEST(m.title == "Best tents 2025");  // without its permalink mark
  // An <h1> that names something else (a site logo) does not replace the title.
  const auto logo = read_page_metadata(page("<title>Apple harvest | Farm</title>", "<h1>Farm</h1>"));
  BOOST_TEST(logo.title == "Apple harvest");
}

BOOST_AUTO_TEST_CASE(a_heading_ends_at_any_heading_s_end_tag) {
  // "<h1>…</h2>": HTML's tree builder closes the <h1> at the </h2>, so the date and the lead
  // after it are not the headline's words; and the date under it is still read.
  const auto m = read_page_metadata(page(
      "<title>Backpacking Checklist (By a Guide!)</title>",
      "<h1 class=\"font-reg\">Backpacking Checklist (By a Guide!)</h2><p>January 1, 2025</p>"
      "<p>Looking for a beginner-friendly backpacking packing list? This list covers it all.</p>"));
  BOOST_TEST(m.title == "Backpacking Checklist (By a Guide!)");
  BOOST_TEST(m.date == "2025-01-01");
}

BOOST_AUTO_TEST_CASE(title_from_a_differently_worded_heading) {
  // The page's one <h1> words the subject otherwise than a search engine's <title>: the
  // headline is the <h1>.
  const auto m = read_page_metadata(page("<title>Using Machine Learning To Personalize Shopping Experiences</title>",
                                         "<h1>How Machine Learning Personalizes Ecommerce Shopping Experiences</h1>"));
  BOOST_TEST(m.title == "How Machine Learning Personalizes Ecommerce Shopping Experiences");
  // Not an <h1> that shares too few of the title's words (a slogan), nor one naming the site
  // (its host, or what cleaning cut from the <title>), nor one of several, nor one that puts
  // something before the whole title (a date, "Blog:"): the title stays.
  struct Case {
    std::string title, head, body, tag_suffix;
  };
  const std::vector<Case> cases{
      {"Free CRM software for small business", "", "<h1>One workspace. Zero busywork.</h1>", ""},
      {"Arch Linux news about the ISO release in 2024", "<link rel=\"canonical\" href=\"https://archlinux.org/n/1\">",
       "<h1>Arch Linux</h1>", ""},
      {"Pipeline tones explained for JUCE apps on every platform", "", "<h1>Pipeline Tones</h1>", " | Pipeline Tones"},
      {"Best Apps to Learn a Language", "", "<h1>Language Apps</h1><h1>Best Language Books</h1>", ""},
      {"Preparing a transition in Debusine", "", "<h1><time>Dec 18 2025</time> Preparing a transition in Debusine</h1>",
       " | Colin's blog"}};
  for (const auto& c : cases) {
    const std::string head = "<title>" + c.title + c.tag_suffix + "</title>" + c.head;
    BOOST_TEST(read_page_metadata(page(head, c.body)).title == c.title, c.body);
  }
}

BOOST_AUTO_TEST_CASE(the_title_ranker_scores_the_features_it_was_trained_on) {
  // page_metadata_title_model.cpp is written by plugin/scripts/train_title_model.py from the
  // rows of boilerdex-title-rows: a feature added, dropped or moved since needs a new model.
  const auto& features = detail::title_feature_names();
  const auto& model = detail::title_model_feature_names();
  for (std::size_t k = 0; k < features.size(); ++k) BOOST_TEST(features[k] == model[k], k);
}

BOOST_AUTO_TEST_CASE(title_candidates_and_their_sources) {
  // Every source offers its text once; a text several sources give is one candidate with each
  // source's feature. An <h1> naming the site (here its host) is not offered as an <h1>; the
  // hand rules' choice is, as such.
  const std::string html = page(
      "<title>Weekend door | The Rusty Ladder</title>"
      "<meta property=\"og:title\" content=\"Weekend door\">"
      "<link rel=\"canonical\" href=\"https://rustyladder.example.org/weekend\">",
      "<h1>Rusty Ladder</h1>"
      "<article><h2 itemprop=\"headline\">A weekend door, hung</h2><h2>Comments</h2></article>");
  const MetadataLimits limits;
  const auto c = detail::scan_metadata_markup(html, limits);
  BOOST_TEST(c.h2.size() == 2u);
  BOOST_TEST(c.itemprop_headline == "A weekend door, hung");
  const auto ld = detail::read_json_ld(c.json_ld, limits);
  const std::string url = "https://rustyladder.example.org/weekend";
  const std::string rule = detail::title_by_rules(c, ld, {}, url);
  const auto candidates = detail::title_candidates(c, ld, {}, url);
  const auto& names = detail::title_feature_names();
  const auto feature = [&](const detail::TitleCandidate& cand, std::string_view name) {
    for (std::size_t k = 0; k < names.size(); ++k) {
      if (names[k] == name) return cand.features[k];
    }
    return -1.0;
  };
  std::vector<std::string> texts;
  for (const auto& cand : candidates) texts.push_back(cand.text);
  BOOST_TEST((texts == std::vector<std::string>{rule, "Weekend door", "Weekend door | The Rusty Ladder",
                                                 "The Rusty Ladder", "A weekend door, hung"}));
  BOOST_TEST(rule == "Rusty Ladder");  // the rules' h1, which the <title> holds
  BOOST_TEST(feature(candidates[0], "src_rule") == 1.0);
  BOOST_TEST(feature(candidates[0], "src_h1_first") == 0.0);
  BOOST_TEST(feature(candidates[1], "src_og_title") == 1.0);
  BOOST_TEST(feature(candidates[1], "src_title_clean") == 1.0);
  BOOST_TEST(feature(candidates[1], "src_title_head") == 1.0);
  BOOST_TEST(feature(candidates[1], "n_sources") == 1.0);  // four sources, over 4
  BOOST_TEST(feature(candidates[3], "src_title_after_first") == 1.0);
  BOOST_TEST(feature(candidates[4], "src_h2_first") == 1.0);
  BOOST_TEST(feature(candidates[4], "src_itemprop_headline") == 1.0);
  BOOST_TEST(read_page_metadata(html).title == "Weekend door");
}

BOOST_AUTO_TEST_CASE(a_headline_marked_by_its_class_and_the_title_s_last_part) {
  // Older news pages set the headline in an element their class or id marks ("headline",
  // "articleTitle", "entry-title"), not in an <h1>, and end a <title> of several parts with
  // it. Neither a marker inside the navigation, a sub-headline nor a list of headlines counts.
  const std::string html = page(
      "<title>SignOnSanDiego.com | News | World | Judges allow video of victims</title>",
      "<nav><div class=\"headline\">Latest</div></nav><div class=\"subheadline\">Sub</div>"
      "<ul class=\"headlines\"><li>Another story</li></ul>"
      "<td class=\"articleTitle\">Judges allow <b>video</b> of victims</td>");
  const MetadataLimits limits;
  const auto c = detail::scan_metadata_markup(html, limits);
  BOOST_TEST(c.marked_headline == "Judges allow video of victims");
  const auto ld = detail::read_json_ld(c.json_ld, limits);
  const auto candidates = detail::title_candidates(c, ld, {}, {});
  const auto& names = detail::title_feature_names();
  const auto at = [&](std::string_view name) {
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  const auto with = [&](std::string_view text) {
    return std::find_if(candidates.begin(), candidates.end(),
                        [text](const auto& cand) { return cand.text == text; });
  };
  const auto headline = with("Judges allow video of victims");
  BOOST_TEST_REQUIRE((headline != candidates.end()));
  BOOST_TEST(headline->features[at("src_marked_headline")] == 1.0);
  BOOST_TEST(headline->features[at("src_title_last")] == 1.0);
  BOOST_TEST((with("News | World | Judges allow video of victims") != candidates.end()));  // after the first
  BOOST_TEST(read_page_metadata(html).title == "Judges allow video of victims");
  // The markers' forms: a story's word and "title" as two words or one; an id as a class.
  for (const std::string_view marker : {"class=\"post entry-title\"", "class=\"storyHeadline\"",
                                        "id=\"news_title\"", "class=\"ArticleTitle big\""}) {
    const std::string body = "<h2 " + std::string(marker) + ">Storm closes port</h2>";
    BOOST_TEST(detail::scan_metadata_markup(page("", body), limits).marked_headline == "Storm closes port",
               marker);
  }
  for (const std::string_view marker : {"class=\"title\"", "class=\"site-title\"", "class=\"subheadline\"",
                                        "class=\"top-headlines\"", "class=\"page-title\"",
                                        "class=\"span6 site_headline\"", "id=\"siteHeadline\""}) {
    const std::string body = "<h2 " + std::string(marker) + ">Storm closes port</h2>";
    BOOST_TEST(detail::scan_metadata_markup(page("", body), limits).marked_headline.empty(), marker);
  }
  // A marked box whose content starts with a heading gives the heading, not the date and
  // byline beside it.
  BOOST_TEST(detail::scan_metadata_markup(
                 page("", "<div class=\"posttitle\">\n  <H2><a href=\"/p/1\">1,400 Rectangles</a></H2>"
                          "<p class=\"post-info\">October 25th, 2012 by Dan Meyer</p></div>"),
                 limits)
                 .marked_headline == "1,400 Rectangles");
  // A repeated attribute counts once, the first, as HTML reads it: a start tag left open
  // swallows the next tag's class, which marks nothing here.
  const auto open_tag = detail::scan_metadata_markup(
      page("<meta property=\"og:title\" content=\"First\" content=\"Second\">",
           "<div class=\"post hentry\"\n<h2 class=\"entry-title\">Time Vampire</h2><p>The whole post.</p></div>"),
      limits);
  BOOST_TEST(open_tag.marked_headline.empty());
  BOOST_TEST(detail::meta_value(open_tag, {"og:title"}) == "First");
  // Where the <title> is the station's name alone, the marked headline is the title.
  BOOST_TEST(read_page_metadata(page("<title>580 CFRA - News Talk Radio</title>",
                                     "<div class=\"storyHeadline\">NATO Intervention in Pakistan: Dion</div>"
                                     "<p>Ottawa said on Friday that it would not send troops.</p>"))
                 .title == "NATO Intervention in Pakistan: Dion");
}

BOOST_AUTO_TEST_CASE(the_title_ranker_weighs_what_the_candidates_agree_on) {
  // <title>, og:title and twitter:title agree on a headline that the page's one <h1> words
  // otherwise (a shorter product heading): the agreed headline is the title, where the hand
  // rules took the <h1> (title_by_rules).
  const std::string head =
      "<title>Custom College Admission Plans &amp; Packages | Bright Path</title>"
      "<meta property=\"og:title\" content=\"Custom College Admission Plans &amp; Packages | Bright Path\">"
      "<meta name=\"twitter:title\" content=\"Custom College Admission Plans &amp; Packages | Bright Path\">";
  const auto m = read_page_metadata(page(head, "<h1>College Admissions Plans &amp; Packages</h1>"));
  BOOST_TEST(m.title == "Custom College Admission Plans & Packages");
  // Documentation: the <title>'s first part is the page's <h1>, the rest the manual's name.
  const auto doc = read_page_metadata(page("<title>Quickstart \xE2\x80\x94 Flask Documentation (3.1.x)</title>",
                                           "<h1>Quickstart</h1>"));
  BOOST_TEST(doc.title == "Quickstart");
}

BOOST_AUTO_TEST_CASE(a_heading_that_links_home_names_the_site) {
  // A blog's name above its posts, first in the <title>: the post is the title.
  const auto blog = read_page_metadata(page("<title>The Rusty Ladder \xC2\xBB Weekend door</title>",
                                            "<h1><a href=\"https://rusty.example.org/\">The Rusty Ladder</a></h1>"
                                            "<h2>Weekend door</h2>"));
  BOOST_TEST(blog.title == "Weekend door");
  // Without the link the longer side stays the guess, as before.
  const auto plain = read_page_metadata(
      page("<title>The Rusty Ladder \xC2\xBB Weekend door</title>", "<h1>The Rusty Ladder</h1>"));
  BOOST_TEST(plain.title == "The Rusty Ladder");
  // A heading that links to a post, not home, is a headline.
  const auto post = read_page_metadata(page("<title>Weekend door | The Rusty Ladder</title>",
                                            "<h1><a href=\"/2024/weekend-door\">Weekend door</a></h1>"));
  BOOST_TEST(post.title == "Weekend door");
}

BOOST_AUTO_TEST_CASE(title_in_the_body) {
  const auto m = read_page_metadata(
      "<html><head></head><body><div><title>Lost &amp; found title</title><p>Text</p></div></body></html>");
  BOOST_TEST(m.title == "Lost & found title");
}

BOOST_AUTO_TEST_CASE(dates_normalised) {
  BOOST_TEST(normalise_date("2024-03-05T10:00:00Z") == "2024-03-05");
  BOOST_TEST(normalise_date("2024/03/05") == "2024-03-05");
  BOOST_TEST(normalise_date("20240305") == "2024-03-05");
  BOOST_TEST(normalise_date("March 5, 2024") == "2024-03-05");
  BOOST_TEST(normalise_date("Updated 5 Mar 2024 at noon") == "2024-03-05");
  BOOST_TEST(normalise_date("2023-02-29").empty());  // not a day
  BOOST_TEST(normalise_date("1850-01-01").empty());  // out of range
  BOOST_TEST(normalise_date("yesterday").empty());
}

BOOST_AUTO_TEST_CASE(fields_by_name) {
  PageMetadata m;
  BOOST_TEST(m.empty());
  m.tags = {"a", "b"};
  m.title = "T";
  BOOST_TEST(!m.empty());
  BOOST_TEST(metadata_field(m, "tags") == "a\nb");
  BOOST_TEST(metadata_field(m, "title") == "T");
  BOOST_TEST(metadata_field(m, "nope").empty());
  BOOST_TEST(metadata_field_names().size() == 11u);
  BOOST_TEST(metadata_field_names().back() == "page_type");
}

BOOST_AUTO_TEST_CASE(hostile_pages_stay_bounded) {
  std::string nested;
  for (int i = 0; i < 20000; ++i) nested += "<div class=\"author\">";
  nested += "Deep Name";
  const auto m = read_page_metadata(page("<title>T</title>", nested));
  BOOST_TEST(m.title == "T");
  std::string huge = "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"x\":\"" +
                     std::string(3u << 20, 'a') + "\"}</script><title>After</title>";
  BOOST_TEST(read_page_metadata(huge).title == "After");
  MetadataLimits limits;
  limits.max_scan_bytes = 10;
  BOOST_TEST(read_page_metadata(page("<title>Far</title>"), limits).title.empty());
}

BOOST_AUTO_TEST_CASE(extract_page_reads_it_without_moving_a_block) {
  const std::string html = page(
      "<title>Story | Site</title><meta name=\"author\" content=\"Ann Bee\">"
      "<meta property=\"og:type\" content=\"article\">",
      "<h1>Story</h1><p>A paragraph with enough words to be kept as the main content of the page.</p>");
  const auto extractor = make_extractor("best");
  PageOptions with;
  with.read_metadata = true;
  const PageResult a = extract_page(html, *extractor, with);
  const PageResult b = extract_page(html, *extractor);
  BOOST_TEST(a.metadata.title == "Story");
  BOOST_TEST(a.metadata.author == "Ann Bee");
  BOOST_TEST(b.metadata.empty());
  BOOST_TEST(a.document.content() == b.document.content());
}

BOOST_AUTO_TEST_SUITE_END()
