#pragma once
/// \file
/// TREC topic files (ad hoc and Blog06 style): `<top>` records with `<num>`, `<title>`,
/// `<desc>` and `<narr>` fields, each running to the next tag.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace boilerdex::trec {

/// One topic. Field text is whitespace-normalised (runs of whitespace become one space,
/// trimmed) and stripped of the conventional labels ("Number:", "Description:",
/// "Narrative:", "Topic:"). Surrounding double quotes of a Blog06 title are kept in
/// `title` (they are part of the topic as NIST wrote it); topic_query() decides what a
/// query makes of them. A field missing from the file is the empty string.
struct Topic {
  std::string number;  ///< the qid as written after "Number:" ("851"); compared as a string
  std::string title;
  std::string description;
  std::string narrative;
};

/// Which topic text becomes the query.
enum class TopicField { Title, Description, Narrative, TitleDescription };

/// Parses "title", "desc", "narr" or "title+desc" (also "description", "narrative").
/// \throws UsageError naming the value and the accepted ones.
[[nodiscard]] TopicField parse_topic_field(std::string_view name);

/// The canonical name of \p field ("title", "desc", "narr", "title+desc"), a static string.
[[nodiscard]] std::string_view topic_field_name(TopicField field) noexcept;

/// Parses the text of a topic file. Topics are returned in file order. Tags are matched
/// case-insensitively; closing tags other than `</top>` (`</title>`, as some files have)
/// are accepted and ignored. Text outside `<top>` records is ignored.
/// \param source names the file in error messages.
/// \throws ParseError (file and line) for a `<top>` without `<num>`, an empty number,
///         a duplicate number, an unterminated `<top>`, or a nested `<top>`.
[[nodiscard]] std::vector<Topic> parse_topics(std::string_view text, const std::string& source);

/// Reads and parses a topic file. \throws ParseError when it cannot be read or parsed, or
///         holds no topic (a binary or some other file would otherwise give an empty run).
[[nodiscard]] std::vector<Topic> read_topics(const std::filesystem::path& path);

/// The query text of \p topic for \p field: the field's text with double quotes removed
/// (a Blog06 title such as `"March of the Penguins"` is a bag of words for a run, not a
/// phrase); TitleDescription joins title and description with a space. May be empty.
[[nodiscard]] std::string topic_query(const Topic& topic, TopicField field);

}  // namespace boilerdex::trec
