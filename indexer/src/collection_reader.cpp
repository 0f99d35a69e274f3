#include "boilerdex/indexer/collection_reader.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <system_error>

#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "http_message.hpp"
#include "input_stream.hpp"

namespace boilerdex::indexer {
namespace fs = std::filesystem;
using detail::BufferedReader;
using detail::iequals;
using detail::InputStream;
using detail::trim;

namespace {

/// Bytes allowed for a record's non-page parts (TREC fields and DOCHDR, WARC and HTTP
/// headers) on top of max_page_bytes.
constexpr std::size_t head_allowance = 64 * 1024;
/// Longest DOCNO: the Q term must stay under Xapian's 245-byte term limit.
constexpr std::size_t max_docno_bytes = 240;

/// Common state and helpers of the readers.
class ReaderBase : public CollectionReader {
 public:
  ReaderBase(const fs::path& file, std::uint64_t max_page_bytes)
      : m_file(file.string()), m_stream(file), m_in(m_stream), m_max_page(max_page_bytes) {}

  std::uint64_t bytes_read() const noexcept override { return m_stream.raw_bytes_read(); }
  std::string finish_sha256() override { return m_stream.finish_sha256(); }

 protected:
  bool skip(ReadItem& item, SkipReason reason, std::uint64_t offset, std::string docno, std::string message) {
    item.kind = ReadItem::Kind::Skip;
    item.skip = SkipReport{reason, m_file, offset, std::move(docno), std::move(message)};
    return true;
  }

  /// At the end of the data: reports a broken gzip stream once (when no record was open,
  /// the break lost whatever followed), then ends.
  bool end(ReadItem& item) {
    if (!m_stream.error().empty() && !m_reported_stream_error) {
      m_reported_stream_error = true;
      return skip(item, SkipReason::TruncatedInput, m_in.offset(), {},
                  "input ends early: " + m_stream.error());
    }
    return false;
  }

  /// The reason a stream-level failure explains a short record, for messages.
  std::string stream_detail() {
    if (m_stream.error().empty()) return "end of file";
    m_reported_stream_error = true;
    return m_stream.error();
  }

  /// Checks the docno and, when the page is acceptable, fills a Document item; else a
  /// Skip. \p doc.body must already be set.
  bool finish_document(ReadItem& item, RawDocument&& doc, std::string_view content_type) {
    if (doc.docno.empty()) return skip(item, SkipReason::BadDocno, doc.offset, {}, "empty DOCNO");
    if (doc.docno.size() > max_docno_bytes)
      return skip(item, SkipReason::BadDocno, doc.offset, doc.docno.substr(0, 60) + "...",
                  "DOCNO longer than " + std::to_string(max_docno_bytes) + " bytes");
    if (const std::string defect = docno_defect(doc.docno); !defect.empty())
      return skip(item, SkipReason::BadDocno, doc.offset, doc.docno,
                  "DOCNO contains " + defect + " (a run or qrels line could not carry it)");
    if (!detail::is_html_content_type(content_type))
      return skip(item, SkipReason::NotHtml, doc.offset, doc.docno,
                  "Content-Type '" + std::string(content_type) + "' is not HTML");
    if (doc.body.size() > m_max_page)
      return skip(item, SkipReason::TooLarge, doc.offset, doc.docno,
                  "page larger than max_page_bytes (" + std::to_string(m_max_page) + ")");
    if (const std::optional<plugin::BinaryEvidence> evidence = plugin::binary_evidence(doc.body))
      return skip(item, SkipReason::NotHtml, doc.offset, doc.docno,
                  "binary data (" + std::string(evidence->what) + ", at byte " +
                      std::to_string(evidence->offset) + " of the page), not a web page");
    item.kind = ReadItem::Kind::Document;
    item.document = std::move(doc);
    return true;
  }

  std::size_t record_limit() const noexcept {
    return static_cast<std::size_t>(std::min<std::uint64_t>(m_max_page, SIZE_MAX - 2 * head_allowance)) +
           head_allowance;
  }

  std::string m_file;
  InputStream m_stream;
  BufferedReader m_in;
  std::uint64_t m_max_page;
  bool m_reported_stream_error = false;
};

// ---- TREC -----------------------------------------------------------------------------

/// Element names that start pages rather than TREC fields (fields are upper case, and so
/// are old pages' tags).
bool is_html_element(std::string_view name) noexcept {
  static constexpr std::string_view names[] = {
      "HTML", "HEAD", "BODY", "TITLE", "META", "LINK", "SCRIPT", "STYLE", "P", "DIV", "TABLE", "TR", "TD",
      "A", "B", "I", "U", "FONT", "CENTER", "BR", "HR", "SPAN", "PRE", "H1", "H2", "H3", "H4", "H5", "H6",
      "FORM", "IMG", "UL", "OL", "LI", "BASE", "FRAMESET", "NOSCRIPT", "CODE", "EM", "STRONG", "BLOCKQUOTE"};
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

/// A TREC field `<NAME>value</NAME>` at the start of \p rest (whitespace skipped), with
/// NAME upper case and the value on one line. Returns the field's length, 0 when none.
std::size_t match_field(std::string_view rest, std::string_view& name, std::string_view& value) {
  if (rest.size() < 3 || rest[0] != '<') return 0;
  std::size_t i = 1;
  while (i < rest.size() && ((rest[i] >= 'A' && rest[i] <= 'Z') || (rest[i] >= '0' && rest[i] <= '9') ||
                             rest[i] == '_' || rest[i] == '-'))
    ++i;
  if (i == 1 || i >= rest.size() || rest[i] != '>') return 0;
  name = rest.substr(1, i - 1);
  if (is_html_element(name)) return 0;
  const std::size_t eol = rest.find('\n', i);
  const std::string_view line = rest.substr(i + 1, eol == std::string_view::npos ? std::string_view::npos : eol - i - 1);
  const std::string close = "</" + std::string(name) + ">";
  const std::size_t end = line.find(close);
  if (end == std::string_view::npos) return 0;
  value = trim(line.substr(0, end));
  return i + 1 + end + close.size();
}

std::string_view skip_ws(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) s.remove_prefix(1);
  return s;
}

/// The DOCNO of a record's text, when it has one (for messages about broken records).
std::string docno_of(std::string_view rec) {
  const std::size_t b = rec.find("<DOCNO>");
  if (b == std::string_view::npos) return {};
  const std::size_t e = rec.find("</DOCNO>", b);
  if (e == std::string_view::npos || e - b > 300) return {};
  return std::string(trim(rec.substr(b + 7, e - b - 7)));
}

class TrecReader final : public ReaderBase {
 public:
  using ReaderBase::ReaderBase;

  bool next(ReadItem& item) override {
    if (m_has_pending) return take_pending(item);
    if (m_not_trec) return false;
    const int c = m_in.skip_whitespace();
    if (c < 0) return end(item);
    const std::uint64_t start = m_in.offset();
    if (start == 0 && m_in.starts_with("WARC/")) {
      // A WARC file read as TREC would be one run of "text outside <DOC>" and no document:
      // say what it is, once, and read no further.
      m_not_trec = true;
      return skip(item, SkipReason::BrokenRecord, 0, {},
                  "a WARC file (it starts with a WARC/ version line), not TREC: index it with --format warc");
    }
    if (!m_in.starts_with("<DOC>")) {
      // Text between records: report it, then resume at the next <DOC>.
      std::string junk;
      bool overflow = false;
      const bool found = m_in.read_until("<DOC>", &junk, 40, &overflow);
      m_pending_offset = m_in.offset();
      if (found) return read_record(item, m_pending_offset - 5, junk, start);
      return skip(item, SkipReason::BrokenRecord, start, {},
                  "text outside <DOC> at the end of the file ('" + printable(junk) + "...')");
    }
    m_in.read_until("<DOC>", nullptr, 0, nullptr);
    return read_record(item, start, {}, 0);
  }

 private:
  static std::string printable(std::string_view s) {
    std::string out;
    for (const char ch : s.substr(0, 40)) out += (ch >= 0x20 && ch < 0x7f) ? ch : ' ';
    return out;
  }

  bool m_not_trec = false;  // the file turned out to be WARC

  /// Reads a record whose "<DOC>" starts at \p start. When \p junk is non-empty, text was
  /// skipped before it (at \p junk_offset) and is reported first.
  bool read_record(ReadItem& item, std::uint64_t start, const std::string& junk, std::uint64_t junk_offset) {
    m_record.clear();
    bool overflow = false;
    const bool closed = m_in.read_until("</DOC>", &m_record, record_limit(), &overflow);
    m_pending_offset = start + 5;
    if (!closed) {
      m_pending_kind = Pending::Truncated;
    } else if (overflow) {
      m_pending_kind = Pending::TooLarge;
    } else {
      m_pending_kind = Pending::Record;
    }
    m_has_pending = true;
    if (!junk.empty())
      return skip(item, SkipReason::BrokenRecord, junk_offset, {},
                  "text outside <DOC> ('" + printable(junk) + "...')");
    return take_pending(item);
  }

  bool take_pending(ReadItem& item) {
    const std::uint64_t offset = m_pending_offset - 5;  // of "<DOC>"
    std::string_view rec(m_record);
    rec.remove_prefix(std::min(m_consumed, rec.size()));
    // A "<DOC>" inside means the record before it lost its "</DOC>": report that part,
    // then read the rest as the next record.
    const std::size_t inner = rec.find("<DOC>");
    if (inner != std::string_view::npos) {
      const std::string docno = docno_of(rec.substr(0, inner));
      m_consumed += inner + 5;
      m_pending_offset += inner + 5;
      return skip(item, SkipReason::BrokenRecord, offset, docno, "<DOC> without </DOC>");
    }
    m_has_pending = false;
    m_consumed = 0;
    const std::string docno = docno_of(rec);
    switch (m_pending_kind) {
      case Pending::Truncated:
        return skip(item, SkipReason::TruncatedInput, offset, docno,
                    "record not closed by </DOC>: " + stream_detail());
      case Pending::TooLarge:
        return skip(item, SkipReason::TooLarge, offset, docno,
                    "record larger than max_page_bytes (" + std::to_string(m_max_page) + ")");
      case Pending::Record:
        break;
    }
    return parse_record(item, rec, offset);
  }

  bool parse_record(ReadItem& item, std::string_view rec, std::uint64_t offset) {
    RawDocument doc;
    doc.offset = offset;
    rec = skip_ws(rec);
    if (rec.substr(0, 7) != "<DOCNO>") return skip(item, SkipReason::BrokenRecord, offset, {}, "no <DOCNO> at the start of <DOC>");
    const std::size_t docno_end = rec.find("</DOCNO>");
    if (docno_end == std::string_view::npos) return skip(item, SkipReason::BrokenRecord, offset, {}, "<DOCNO> without </DOCNO>");
    doc.docno = std::string(trim(rec.substr(7, docno_end - 7)));
    rec.remove_prefix(docno_end + 8);

    std::string content_type;
    std::string permalink;
    while (true) {
      rec = skip_ws(rec);
      if (rec.substr(0, 8) == "<DOCHDR>") {
        const std::size_t hdr_end = rec.find("</DOCHDR>");
        if (hdr_end == std::string_view::npos)
          return skip(item, SkipReason::BrokenRecord, offset, doc.docno, "<DOCHDR> without </DOCHDR>");
        std::string_view hdr = skip_ws(rec.substr(8, hdr_end - 8));
        // First line: "URL IP DATE LENGTH", then the HTTP response head.
        const std::size_t eol = hdr.find('\n');
        const std::string_view first = trim(hdr.substr(0, eol));
        if (doc.url.empty()) doc.url = std::string(first.substr(0, first.find(' ')));
        const detail::HttpHead head =
            detail::parse_http_head(eol == std::string_view::npos ? std::string_view{} : hdr.substr(eol + 1));
        content_type = head.content_type;
        rec.remove_prefix(hdr_end + 9);
        break;
      }
      std::string_view name, value;
      const std::size_t len = match_field(rec, name, value);
      if (len == 0) break;
      doc.metadata.append(name).append("\t").append(value).append("\n");
      if (name == "PERMALINK") permalink = std::string(value);
      rec.remove_prefix(len);
    }
    if (!permalink.empty()) doc.url = std::move(permalink);
    doc.declared_charset = plugin::charset_from_content_type(content_type);
    doc.body.assign(rec);
    return finish_document(item, std::move(doc), content_type);
  }

  enum class Pending { Record, Truncated, TooLarge };
  std::string m_record;
  bool m_has_pending = false;
  Pending m_pending_kind = Pending::Record;
  std::uint64_t m_pending_offset = 0;
  std::size_t m_consumed = 0;
};

// ---- WARC -----------------------------------------------------------------------------

class WarcReader final : public ReaderBase {
 public:
  using ReaderBase::ReaderBase;

  bool next(ReadItem& item) override {
    std::string version;
    std::uint64_t start = 0;
    if (m_have_version) {
      version = std::move(m_version);
      start = m_version_offset;
      m_have_version = false;
    } else {
      if (m_in.skip_whitespace() < 0) return end(item);
      start = m_in.offset();
      m_in.read_line(version, 256);
    }
    if (version != "WARC/1.0" && version != "WARC/1.1")
      return resync(item, start, "expected a WARC/1.0 or WARC/1.1 version line, found '" + version.substr(0, 40) + "'");

    // Named fields.
    std::string line, type, record_id, trec_id, target_uri, date, block_type, length_text;
    bool length_seen = false;
    std::optional<std::uint64_t> length;
    std::size_t head_bytes = 0;
    bool header_done = false;
    while (m_in.read_line(line, 64 * 1024)) {
      head_bytes += line.size() + 2;
      if (line.empty()) {
        header_done = true;
        break;
      }
      if (head_bytes > head_allowance) return resync(item, start, "WARC header larger than 64 KiB");
      const std::size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      const std::string_view name = trim(std::string_view(line).substr(0, colon));
      const std::string_view value = trim(std::string_view(line).substr(colon + 1));
      if (iequals(name, "WARC-Type")) type = value;
      else if (iequals(name, "WARC-Record-ID")) record_id = value;
      else if (iequals(name, "WARC-TREC-ID")) trec_id = value;
      else if (iequals(name, "WARC-Target-URI")) target_uri = value;
      else if (iequals(name, "WARC-Date")) date = value;
      else if (iequals(name, "Content-Type")) block_type = value;
      else if (iequals(name, "Content-Length")) {
        length_seen = true;
        length_text = value.substr(0, 40);
        std::uint64_t n = 0;
        const auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        if (ec == std::errc() && p == value.data() + value.size()) length = n;
      }
    }
    std::string docno = !trec_id.empty() ? trec_id : record_id;
    if (!header_done)
      return skip(item, SkipReason::TruncatedInput, start, docno, "WARC header not terminated: " + stream_detail());
    if (!length) {
      // Named by its WARC-Record-ID too (the docno may be the TREC id), so it can be found.
      const std::string id = record_id.empty() || record_id == docno ? "" : " " + record_id;
      return resync(item, start,
                    "WARC record" + id +
                        (length_seen ? " with an invalid Content-Length '" + length_text + "'" : " without a Content-Length"),
                    docno);
    }

    const bool response = iequals(type, "response");
    const bool http = detail::iequals(trim(std::string_view(block_type).substr(0, block_type.find(';'))),
                                      "application/http");
    const bool keep = response && http && *length <= record_limit();
    if (const std::optional<std::uint64_t> next = take_overrun(*length))
      return skip(item, SkipReason::BrokenRecord, start, docno,
                  "record runs into the next one: its Content-Length (" + std::to_string(*length) +
                      ") reaches past the WARC record that starts at offset " + std::to_string(*next) +
                      " (wrong Content-Length)");
    m_payload.clear();
    const std::uint64_t got = m_in.read_exact(*length, keep ? &m_payload : nullptr, record_limit());
    if (got < *length)
      return skip(item, SkipReason::TruncatedInput, start, docno,
                  "WARC record shorter than its Content-Length (" + std::to_string(got) + " of " +
                      std::to_string(*length) + " bytes): " + stream_detail());
    // The block ends with CRLF CRLF, then the next record or the end of the file. Anything
    // else (take_overrun having ruled out an overcount) means Content-Length undercounts
    // the block: report this record once, by its
    // docno, and resync, instead of indexing a cut page and its tail as a nameless record.
    if (const int c = m_in.skip_whitespace(); c >= 0 && !m_in.starts_with("WARC/"))
      return resync(item, start, "record does not end where its Content-Length (" + std::to_string(*length) +
                                     ") says: wrong Content-Length", docno);
    if (!response)
      return skip(item, SkipReason::NotResponse, start, docno, "WARC-Type '" + type + "' record");
    if (!http)
      return skip(item, SkipReason::NotResponse, start, docno,
                  "response record with Content-Type '" + block_type + "', not an HTTP message");
    if (!keep)
      return skip(item, SkipReason::TooLarge, start, docno,
                  "record larger than max_page_bytes (" + std::to_string(m_max_page) + ")");

    RawDocument doc;
    doc.offset = start;
    doc.docno = std::move(docno);
    doc.url = std::move(target_uri);
    doc.metadata = "WARC-Record-ID\t" + record_id + "\nWARC-Date\t" + date + "\n";
    std::string_view payload(m_payload);
    if (payload.substr(0, 5) != "HTTP/")
      return skip(item, SkipReason::BrokenRecord, start, doc.docno, "response payload is not an HTTP message");
    std::size_t head_end = payload.find("\r\n\r\n");
    std::size_t body_at = head_end + 4;
    if (head_end == std::string_view::npos) {
      head_end = payload.find("\n\n");
      body_at = head_end + 2;
    }
    if (head_end == std::string_view::npos)
      return skip(item, SkipReason::BrokenRecord, start, doc.docno, "HTTP header not terminated");
    const detail::HttpHead head = detail::parse_http_head(payload.substr(0, head_end));
    std::string_view body = payload.substr(body_at);
    std::string dechunked;
    bool overflow = false;
    const std::size_t limit = static_cast<std::size_t>(std::min<std::uint64_t>(m_max_page, SIZE_MAX - 1)) + 1;
    if (detail::iequals(trim(head.transfer_encoding), "chunked")) {
      if (auto err = detail::dechunk(body, dechunked, limit, &overflow))
        return skip(item, SkipReason::BrokenRecord, start, doc.docno, *err);
      body = dechunked;
    }
    if (auto err = detail::decode_content_encoding(head.content_encoding, body, doc.body, limit, &overflow))
      return skip(item, SkipReason::BrokenRecord, start, doc.docno, *err);
    doc.declared_charset = plugin::charset_from_content_type(head.content_type);
    return finish_document(item, std::move(doc), head.content_type);
  }

 private:
  /// Bytes looked at past a block's declared end to see whether the next record follows.
  static constexpr std::size_t k_end_window = 64;
  /// Bytes scanned at a time in blocks too large to look at whole.
  static constexpr std::size_t k_scan_chunk = 256 * 1024;

  /// When a block's Content-Length (\p length, counted from the reader's position) is too
  /// long, the next record's header lies inside the bytes it claims, and reading them
  /// would swallow that record. Detects this: the declared end is not followed by
  /// whitespace and "WARC/" (or the end of the data), and a line "WARC/1.0" or "WARC/1.1"
  /// after a blank line (the CRLF CRLF that ends a record) starts inside the block. Then
  /// consumes the bytes before that line and returns its offset, where reading resumes.
  /// Otherwise consumes nothing and returns std::nullopt (an undercount is found after the
  /// block is read). The same for .warc.gz: members are read as one decompressed stream.
  /// Blocks up to record_limit() are looked at whole before anything is consumed, so a
  /// page that merely contains such a line keeps it when its Content-Length is right;
  /// larger ones (skipped as too large anyway) are scanned as they are consumed and end at
  /// the first such line.
  std::optional<std::uint64_t> take_overrun(std::uint64_t length) {
    const std::uint64_t base = m_in.offset();
    if (length <= record_limit()) {
      const auto n = static_cast<std::size_t>(length);
      const std::string_view ahead = m_in.peek(n + k_end_window);
      if (ahead.size() >= n && plausible_end(ahead.substr(n))) return std::nullopt;
      const std::size_t at = find_record_start(ahead, n);
      if (at == std::string_view::npos) return std::nullopt;
      m_in.read_exact(at, nullptr, 0);
      return base + at;
    }
    std::uint64_t done = 0;  // scanned and consumed
    while (done < length) {
      const std::string_view ahead = m_in.peek(k_scan_chunk);
      if (ahead.size() <= k_end_window) break;  // the end of the data is near: see below
      const std::uint64_t rest = length - done;
      const std::size_t at = find_record_start(ahead, static_cast<std::size_t>(std::min<std::uint64_t>(rest, ahead.size())));
      if (at != std::string_view::npos) {
        m_in.read_exact(at, nullptr, 0);
        return base + done + at;
      }
      // Keep a tail: a record start may straddle the next chunk.
      const std::uint64_t step = std::min<std::uint64_t>(rest, ahead.size() - k_end_window);
      m_in.read_exact(step, nullptr, 0);
      done += step;
    }
    if (done >= length) return std::nullopt;
    const std::string_view tail = m_in.peek(k_end_window + 1);
    const std::size_t at =
        find_record_start(tail, static_cast<std::size_t>(std::min<std::uint64_t>(length - done, tail.size())));
    if (at == std::string_view::npos) return std::nullopt;
    m_in.read_exact(at, nullptr, 0);
    return base + done + at;
  }

  /// True when \p after (the bytes after a block's declared end) is whitespace, then
  /// "WARC/" or the end of what was looked at.
  static bool plausible_end(std::string_view after) noexcept {
    std::size_t i = 0;
    while (i < after.size() && (after[i] == '\r' || after[i] == '\n' || after[i] == ' ' || after[i] == '\t')) ++i;
    after.remove_prefix(i);
    return after.empty() || after.substr(0, 5) == "WARC/";
  }

  /// Position of the first line "WARC/1.0" or "WARC/1.1" (CRLF or LF) that follows a blank
  /// line in \p s and starts before \p before, or npos.
  static std::size_t find_record_start(std::string_view s, std::size_t before) noexcept {
    for (std::size_t hit = s.find("\nWARC/1."); hit != std::string_view::npos && hit + 1 < before;
         hit = s.find("\nWARC/1.", hit + 1)) {
      const std::size_t p = hit + 1;
      const bool blank_before = (p >= 2 && s[p - 2] == '\n') || (p >= 3 && s[p - 2] == '\r' && s[p - 3] == '\n');
      const std::string_view rest = s.substr(p + 7);  // after "WARC/1."
      const bool version_line = rest.size() >= 2 && (rest[0] == '0' || rest[0] == '1') &&
                                (rest[1] == '\n' || (rest[1] == '\r' && rest.size() >= 3 && rest[2] == '\n'));
      if (blank_before && version_line) return p;
    }
    return std::string_view::npos;
  }

  /// Reports a broken record at \p start and skips to the next line that starts a record.
  bool resync(ReadItem& item, std::uint64_t start, std::string message, std::string docno = {}) {
    std::string line;
    while (true) {
      const std::uint64_t at = m_in.offset();
      if (!m_in.read_line(line, 256)) break;
      if (line == "WARC/1.0" || line == "WARC/1.1") {
        m_have_version = true;
        m_version = line;
        m_version_offset = at;
        break;
      }
    }
    return skip(item, SkipReason::BrokenRecord, start, std::move(docno), std::move(message));
  }

  std::string m_payload;
  bool m_have_version = false;
  std::string m_version;
  std::uint64_t m_version_offset = 0;
};

// ---- HTML files -----------------------------------------------------------------------

class FileReader final : public ReaderBase {
 public:
  FileReader(const fs::path& file, std::uint64_t max_page_bytes, std::string docno)
      : ReaderBase(file, max_page_bytes), m_docno(std::move(docno)) {}

  bool next(ReadItem& item) override {
    if (m_done) return false;
    m_done = true;
    RawDocument doc;
    doc.docno = m_docno;
    doc.url = m_docno;
    const std::size_t limit = static_cast<std::size_t>(std::min<std::uint64_t>(m_max_page, SIZE_MAX - 1)) + 1;
    m_in.read_exact(UINT64_MAX, &doc.body, limit);
    if (!m_stream.error().empty()) {
      m_reported_stream_error = true;
      return skip(item, SkipReason::TruncatedInput, 0, m_docno, m_stream.error());
    }
    return finish_document(item, std::move(doc), {});
  }

 private:
  std::string m_docno;
  bool m_done = false;
};

}  // namespace

std::unique_ptr<CollectionReader> open_collection_file(const fs::path& file, InputFormat format,
                                                       std::uint64_t max_page_bytes, std::string docno) {
  switch (format) {
    case InputFormat::Trec: return std::make_unique<TrecReader>(file, max_page_bytes);
    case InputFormat::Warc: return std::make_unique<WarcReader>(file, max_page_bytes);
    case InputFormat::Files:
      return std::make_unique<FileReader>(file, max_page_bytes,
                                          docno.empty() ? file.filename().string() : std::move(docno));
  }
  throw UsageError("unknown input format");
}

bool looks_binary(std::string_view bytes) noexcept { return plugin::looks_binary(bytes); }

}  // namespace boilerdex::indexer
