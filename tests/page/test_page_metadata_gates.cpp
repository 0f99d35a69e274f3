// read_page_metadata: the pages whose markup gives a date or an author that the page does not
// claim as its own (docs/eval.md, "Metadata"), and the date sources added with them.
#include <boost/test/unit_test.hpp>
#include <string>

#include "boilerdex/plugin/page_metadata.hpp"

using namespace boilerdex::plugin;

namespace {

std::string page(const std::string& head, const std::string& body = "<p>Body text.</p>") {
  return "<!DOCTYPE html><html><head>" + head + "</head><body>" + body + "</body></html>";
}

std::string json_ld(const std::string& object) {
  return "<script type=\"application/ld+json\">" + object + "</script>";
}

const std::string k_published = "<meta property=\"article:published_time\" content=\"2024-05-06T07:00:00Z\">";

}  // namespace

BOOST_AUTO_TEST_SUITE(page_metadata_gates)

BOOST_AUTO_TEST_CASE(a_home_page_has_no_date_unless_marked_as_an_article) {
  const std::string head = "<title>Acme</title>" + k_published;
  BOOST_TEST(read_page_metadata(page(head + "<link rel=\"canonical\" href=\"https://acme.example/\">")).date.empty());
  BOOST_TEST(read_page_metadata(page(head + "<link rel=\"canonical\" href=\"https://acme.example\">")).date.empty());
  // A page below the home page keeps it, and so does a home page that says it is an article.
  BOOST_TEST(read_page_metadata(page(head + "<link rel=\"canonical\" href=\"https://acme.example/post\">")).date ==
             "2024-05-06");
  BOOST_TEST(read_page_metadata(page(head + "<link rel=\"canonical\" href=\"https://acme.example/\">"
                                            "<meta property=\"og:type\" content=\"article\">"))
                 .date == "2024-05-06");
}

BOOST_AUTO_TEST_CASE(a_product_or_documentation_has_no_date) {
  BOOST_TEST(read_page_metadata(page("<title>Speaker</title><meta property=\"og:type\" content=\"product\">" +
                                     k_published))
                 .date.empty());
  BOOST_TEST(read_page_metadata(page("<title>Networking</title>" + k_published +
                                     json_ld(R"({"@type":"TechArticle","headline":"Networking",)"
                                             R"("datePublished":"2024-05-06"})")))
                 .date.empty());
  // A how-to post (JSON-LD HowTo, og:type article) keeps its date.
  BOOST_TEST(read_page_metadata(page("<title>Networking</title><meta property=\"og:type\" content=\"article\">" +
                                     k_published + json_ld(R"({"@type":"HowTo","name":"Networking"})")))
                 .date == "2024-05-06");
}

BOOST_AUTO_TEST_CASE(an_article_by_no_one_shows_its_date_or_has_none) {
  // A site's template that marks every page an Article, with no author, no og:type article,
  // and the date shown nowhere near the headline: the date is the template's, not the page's.
  const std::string ld = json_ld(R"({"@type":"Article","headline":"Top consoles","datePublished":"2022-08-25"})");
  BOOST_TEST(read_page_metadata(page("<title>Top consoles</title>" + ld, "<h1>Top consoles</h1><p>Text.</p>"))
                 .date.empty());
  // Shown below the headline, or with an author, or on an og:type article page, it stays.
  BOOST_TEST(read_page_metadata(page("<title>Top consoles</title>" + ld,
                                     "<h1>Top consoles</h1><p>August 25, 2022</p><p>Text.</p>"))
                 .date == "2022-08-25");
  BOOST_TEST(read_page_metadata(page("<title>Top consoles</title><meta name=\"author\" content=\"Ann Lee\">" + ld,
                                     "<h1>Top consoles</h1><p>Text.</p>"))
                 .date == "2022-08-25");
  BOOST_TEST(read_page_metadata(page("<title>Top consoles</title><meta property=\"og:type\" content=\"article\">" + ld,
                                     "<h1>Top consoles</h1><p>Text.</p>"))
                 .date == "2022-08-25");
}

BOOST_AUTO_TEST_CASE(a_list_of_posts_has_no_author) {
  // Three dated posts, each with its byline, on a page that has no date of its own (a home
  // page): the names are the posts' authors.
  std::string posts;
  for (const char* const d : {"March 1, 2025", "March 2, 2025", "March 3, 2025"})
    posts += std::string("<div><span class=\"author\">Dana Reed</span><span class=\"date\">") + d + "</span></div>";
  const std::string home = "<title>News</title><link rel=\"canonical\" href=\"https://news.example/\">";
  BOOST_TEST(read_page_metadata(page(home, "<h1>News</h1>" + posts)).author.empty());
  // Below the home page the first post's date is the page's, and its byline the author.
  BOOST_TEST(read_page_metadata(page("<title>News</title>", "<h1>News</h1>" + posts)).author == "Dana Reed");
  // Two dates are not yet a list: the head's author stays (a page not marked as an article
  // takes no other).
  const std::string named = home + "<meta name=\"author\" content=\"Kim Ode\">";
  const std::size_t last = posts.rfind("<div>");
  BOOST_TEST(read_page_metadata(page(named, "<h1>News</h1>" + posts.substr(0, last))).author == "Kim Ode");
  BOOST_TEST(read_page_metadata(page(named, "<h1>News</h1>" + posts)).author.empty());
}

BOOST_AUTO_TEST_CASE(a_by_line_below_the_headline_needs_a_date) {
  const std::string body = "<h1>Spanish materials</h1><p>By: Angela Amez, Flavia Bel</p><p>Text.</p>";
  const std::string head = "<title>Spanish materials</title><meta property=\"og:type\" content=\"article\">";
  BOOST_TEST(read_page_metadata(page(head, body)).author.empty());
  BOOST_TEST(read_page_metadata(page(head + k_published, body)).author == "Angela Amez, Flavia Bel");
}

BOOST_AUTO_TEST_CASE(the_site_as_author) {
  const std::string head = "<title>Best states</title><meta property=\"og:site_name\" content=\"Soliant\">"
                           "<meta property=\"og:type\" content=\"article\">" + k_published;
  // JSON-LD's author is kept when it is the site's name: the page's own data signs it so.
  BOOST_TEST(read_page_metadata(page(head + json_ld(R"({"@type":"BlogPosting","author":{"@type":"Person",)"
                                                    R"("name":"Soliant"}})")))
                 .author == "Soliant");
  // A <meta> author that is the site's name is passed over for the byline, or gives none.
  BOOST_TEST(read_page_metadata(page(head + "<meta name=\"author\" content=\"Soliant\">",
                                     "<span class=\"author\">Spencer McIntyre</span>"))
                 .author == "Spencer McIntyre");
  BOOST_TEST(read_page_metadata(page(head + "<meta name=\"author\" content=\"Soliant\">")).author.empty());
}

BOOST_AUTO_TEST_CASE(more_date_sources) {
  // A question's or a forum post's microdata dateCreated.
  BOOST_TEST(read_page_metadata(page("<title>Q</title>", "<time itemprop=\"dateCreated\" datetime=\"2024-07-18 "
                                                         "04:39:31Z\">1 year ago</time>"))
                 .date == "2024-07-18");
  // <meta name=published-date>, and a date element classed "dateline" on an article.
  BOOST_TEST(read_page_metadata(page("<title>Q</title><meta name=\"published-date\" content=\"2021-02-16\">")).date ==
             "2021-02-16");
  BOOST_TEST(read_page_metadata(page("<title>Q</title><meta property=\"og:type\" content=\"article\">",
                                     "<span class=\"dateline\">DECEMBER 22, 2022</span>"))
                 .date == "2022-12-22");
}

BOOST_AUTO_TEST_CASE(a_citation_date_year_first) {
  // PubMed Central's citation_publication_date, "2023 Jan 7".
  BOOST_TEST(normalise_date("2023 Jan 7") == "2023-01-07");
  BOOST_TEST(normalise_date("2024 June 30") == "2024-06-30");
  BOOST_TEST(read_page_metadata(page("<title>Review</title><meta name=\"citation_publication_date\" "
                                     "content=\"2023 Jan 7\">"))
                 .date == "2023-01-07");
  BOOST_TEST(normalise_date("2023 Jan").empty());  // no day, no date
}

BOOST_AUTO_TEST_CASE(a_time_whose_text_has_no_date_gives_its_datetime) {
  const std::string head = "<title>Thread</title><meta property=\"og:type\" content=\"article\">";
  BOOST_TEST(read_page_metadata(page(head, "<time datetime=\"2025-12-19T04:25:38+0500\">Yesterday at 4:25 AM</time>"
                                           "<span class=\"date\">Dec 8, 2025</span>"))
                 .date == "2025-12-19");
  // Its text first when it has one: the day the page shows ("December 18" in its time zone).
  BOOST_TEST(read_page_metadata(page(head, "<time datetime=\"2025-12-19T02:46:01Z\">December 18, 2025</time>"))
                 .date == "2025-12-18");
}

BOOST_AUTO_TEST_CASE(a_weak_date_only_where_the_page_shows_it) {
  // A web page object's date and a modification date, on a page marked as an article that
  // names an author (a service page whose site marks every page so): not shown, no date.
  const std::string head =
      "<title>HR consulting</title><meta property=\"og:type\" content=\"article\">"
      "<meta name=\"author\" content=\"Kyle Bonds\">";
  const std::string web_page =
      json_ld(R"({"@type":"WebPage","name":"HR consulting","datePublished":"2017-09-07"})");
  const std::string modified =
      "<meta property=\"article:modified_time\" content=\"2025-10-08T10:00:00Z\">";
  const std::string body = "<h1>HR consulting</h1><p>Our services.</p>";
  BOOST_TEST(read_page_metadata(page(head + web_page, body)).date.empty());
  BOOST_TEST(read_page_metadata(page(head + modified, body)).date.empty());
  // Shown (a date element above the headline), the page's date is the one it shows.
  BOOST_TEST(
      read_page_metadata(page(head + web_page, "<span class=\"date\">Sep 7, 2017</span>" + body))
          .date == "2017-09-07");
  BOOST_TEST(read_page_metadata(
                 page(head + modified, "<span class=\"date\">October 8, 2025</span>" + body))
                 .date == "2025-10-08");
}

BOOST_AUTO_TEST_CASE(an_undated_page_needs_its_byline_twice) {
  // A page marked as an article but without a date: one byline element's name is as often a
  // related post's as the page's author.
  const std::string head =
      "<title>Cybersecurity consulting</title><meta property=\"og:type\" content=\"article\">";
  const std::string byline = "<span class=\"author\">Carlos Escobar</span>";
  const std::string body = "<h1>Cybersecurity consulting</h1><p>Text.</p>";
  BOOST_TEST(read_page_metadata(page(head, body + byline)).author.empty());
  // The next byline naming someone else is no more the author.
  BOOST_TEST(read_page_metadata(
                 page(head, body + byline + "<span class=\"author\">Philip Pierorazio</span>"))
                 .author.empty());
  // Given twice (two byline elements, or microdata and a byline), or on a dated page, it is.
  BOOST_TEST(read_page_metadata(page(head, body + byline + byline)).author == "Carlos Escobar");
  BOOST_TEST(read_page_metadata(
                 page(head, body + "<span itemprop=\"author\">Carlos Escobar</span>" + byline))
                 .author == "Carlos Escobar");
  BOOST_TEST(read_page_metadata(page(head + k_published, body + byline)).author ==
             "Carlos Escobar");
}

BOOST_AUTO_TEST_CASE(a_reviews_microdata_is_the_reviewers) {
  // A service's page with a customer's review in microdata: its author and date are the
  // review's, not the page's.
  const std::string head = "<title>Free CRM</title>";
  const std::string review =
      "<div itemscope itemtype=\"http://schema.org/Review\"><div><span itemprop=\"reviewBody\">Great.</span>"
      "</div><span itemprop=\"author\" itemscope itemtype=\"http://schema.org/Person\">"
      "<span itemprop=\"name\">Richard Ives</span></span>"
      "<meta itemprop=\"datePublished\" content=\"2016-11-04\"></div>";
  const std::string body = "<h1>Free CRM</h1><p>Text.</p>";
  const PageMetadata reviewed = read_page_metadata(page(head, body + review));
  BOOST_TEST(reviewed.author.empty());
  BOOST_TEST(reviewed.date.empty());
  // The same microdata outside a review, or after the review's element ends, is the page's.
  const std::string post = "<div itemscope itemtype=\"http://schema.org/BlogPosting\">"
                           "<span itemprop=\"author\">Richard Ives</span>"
                           "<meta itemprop=\"datePublished\" content=\"2016-11-04\"></div>";
  const PageMetadata own = read_page_metadata(page(head, body + post));
  BOOST_TEST(own.author == "Richard Ives");
  BOOST_TEST(own.date == "2016-11-04");
  const PageMetadata after = read_page_metadata(page(head, body + review + post));
  BOOST_TEST(after.author == "Richard Ives");
  BOOST_TEST(after.date == "2016-11-04");
}

BOOST_AUTO_TEST_CASE(the_navigation_names_no_author) {
  // A site's menu links to an author's page ("/author/…"): a menu entry, not the post's byline.
  const std::string head = "<title>Consulting vs insurance</title><meta property=\"og:type\" content=\"article\">" +
                           k_published;
  // (A <nav> nested in it does not end it.)
  const std::string nav = "<nav class=\"menu\"><ul><li><nav><a href=\"/about/\">About</a></nav></li>"
                          "<li><a href=\"/author/xavierlo/\"><span>Hong Kong Actuary</span></a></li></ul></nav>";
  const std::string body = "<h1>Consulting vs insurance</h1><p>Text.</p>";
  BOOST_TEST(read_page_metadata(page(head, nav + body)).author.empty());
  // The same link after the navigation is the byline.
  BOOST_TEST(read_page_metadata(page(head, nav + body + "<a href=\"/author/jane-roe/\">Jane Roe</a>")).author ==
             "Jane Roe");
}

BOOST_AUTO_TEST_CASE(a_sections_index_has_no_date_nor_author) {
  // "/news", "/blog/": the section's index lists its posts, whose dates and bylines are theirs,
  // even where its template marks it as an article.
  const std::string head = "<title>News</title><meta property=\"og:type\" content=\"article\">" + k_published;
  const std::string body = "<h1>News</h1><span class=\"author\">Logan Jones</span><p>Text.</p>";
  for (const std::string url : {"https://acme.example/news", "https://acme.example/en/blog/?page=2"}) {
    const PageMetadata m = read_page_metadata(page(head + "<link rel=\"canonical\" href=\"" + url + "\">", body));
    BOOST_TEST(m.date.empty(), url);
    BOOST_TEST(m.author.empty(), url);
  }
  // A post in the section keeps both.
  const PageMetadata post = read_page_metadata(
      page(head + "<link rel=\"canonical\" href=\"https://acme.example/news/a-new-office\">", body));
  BOOST_TEST(post.date == "2024-05-06");
  BOOST_TEST(post.author == "Logan Jones");
}

BOOST_AUTO_TEST_SUITE_END()
