// boilerdex._boilerdex: the Python face of the C++ libraries (pybind11). What each function
// does is the library's; this file converts arguments and results, releases the GIL around
// the work, and maps the library's errors onto Python exceptions. The package's documented
// API is boilerdex/__init__.pyi.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "boilerdex/boilerdex_version.h"
#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/output_writer.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "boilerdex/plugin/page_extractor_batch.hpp"
#include "boilerdex/plugin/page_metadata.hpp"
#include "boilerdex/plugin/structured_content.hpp"
#include "boilerdex/query/index_set.hpp"
#include "boilerdex/query/searcher.hpp"
#include "boilerdex/trec/evaluator.hpp"
#include "boilerdex/trec/measures.hpp"
#include "boilerdex/trec/qrels.hpp"
#include "boilerdex/trec/run_file.hpp"

namespace py = pybind11;
using namespace boilerdex;

namespace {

enum class Format { Text, Markdown, Html, Xml, Json };

Format parse_format(const std::string& name) {
  if (name == "text") return Format::Text;
  if (name == "markdown") return Format::Markdown;
  if (name == "html") return Format::Html;
  if (name == "xml") return Format::Xml;
  if (name == "json") return Format::Json;
  throw UsageError("unknown format '" + name + "'; valid: text, markdown, html, xml, json");
}

// The bytes of a page given as bytes (any charset) or str (UTF-8).
std::string page_bytes(const py::handle& html) {
  if (py::isinstance<py::bytes>(html)) return html.cast<std::string>();
  if (py::isinstance<py::str>(html)) return html.cast<std::string>();
  throw py::type_error("html must be bytes or str");
}

py::dict metadata_dict(const plugin::PageMetadata& m) {
  const auto value = [](const std::string& s) -> py::object {
    if (s.empty()) return py::none();
    return py::str(s);
  };
  py::dict d;
  d["title"] = value(m.title);
  d["author"] = value(m.author);
  d["date"] = value(m.date);
  d["sitename"] = value(m.sitename);
  d["description"] = value(m.description);
  d["language"] = value(m.language);
  d["url"] = value(m.url);
  d["image"] = value(m.image);
  d["categories"] = m.categories;
  d["tags"] = m.tags;
  d["page_type"] = value(m.page_type);
  return d;
}

// A configured extractor: which one, what it returns, how the structured formats look.
class PyExtractor {
 public:
  PyExtractor(const std::string& extractor, const std::string& format, bool links, bool images, bool tables,
              bool formatting)
      : m_extractor(plugin::make_extractor(extractor)), m_format(parse_format(format)) {
    m_structure.links = links;
    m_structure.images = images;
    m_structure.tables = tables;
    m_structure.formatting = formatting;
  }

  [[nodiscard]] std::string name() const { return m_extractor->name(); }

  py::object extract(const py::handle& html, const std::optional<std::string>& charset,
                     const std::optional<std::string>& url) const {
    const std::string bytes = page_bytes(html);
    plugin::PageOptions options;
    if (charset) options.declared_charset = *charset;
    else if (py::isinstance<py::str>(html)) options.declared_charset = "UTF-8";
    options.read_metadata = m_format == Format::Json || m_format == Format::Html || m_format == Format::Xml;
    plugin::StructureOptions structure = m_structure;
    if (url) structure.base_url = options.page_url = *url;
    plugin::PageResult result;
    std::string rendered;
    {
      py::gil_scoped_release unlocked;
      result = plugin::extract_page(bytes, *m_extractor, options);
      if (m_format == Format::Text) {
        rendered = result.document.content();
      } else if (m_format == Format::Markdown) {
        rendered = plugin::markdown_of(plugin::structured_content(result, structure));
      } else if (m_format == Format::Html) {
        rendered = plugin::clean_html_of(plugin::structured_content(result, structure),
                                         result.metadata.title.empty() ? result.document.title : result.metadata.title);
      } else if (m_format == Format::Xml) {
        rendered = plugin::xml_of(plugin::structured_content(result, structure), result.metadata, result.document.title);
      }
    }
    if (m_format != Format::Json) return py::str(rendered);
    py::dict d;
    d["title"] = result.document.title;
    d["metadata"] = metadata_dict(result.metadata);
    d["charset"] = result.decoded.charset;
    d["content"] = result.document.content();
    py::list blocks;
    for (const plugin::TextBlock& b : result.document.blocks) {
      py::dict block;
      block["text"] = b.text;
      block["content"] = b.is_content;
      block["num_words"] = b.num_words;
      block["link_density"] = b.link_density;
      block["text_density"] = b.text_density;
      block["score"] = b.score;
      block["source_begin"] = b.source_begin;
      block["source_end"] = b.source_end;
      blocks.append(block);
    }
    d["blocks"] = blocks;
    return d;
  }

 private:
  std::unique_ptr<plugin::Extractor> m_extractor;
  Format m_format;
  plugin::StructureOptions m_structure;
};

// One page of a collection: docno, url and the extracted text.
struct CollectionPage {
  std::string docno;
  std::string url;
  std::string text;
};

// The pages of a collection (TREC <DOC> files, WARC files or a tree of HTML files), read one
// at a time and extracted. Records that cannot be read are skipped and listed in skipped.
class CollectionIterator {
 public:
  CollectionIterator(const std::vector<std::string>& paths, const std::string& format, const std::string& extractor)
      : m_format(indexer::parse_input_format(format)), m_extractor(plugin::make_extractor(extractor)) {
    std::vector<std::filesystem::path> inputs(paths.begin(), paths.end());
    m_walker = std::make_unique<indexer::InputFileWalker>(std::move(inputs), m_format);
  }

  CollectionPage next() {
    py::gil_scoped_release unlocked;
    for (;;) {
      if (!m_reader) {
        indexer::InputFile file;
        if (!m_walker->next(file)) {
          py::gil_scoped_acquire locked;
          throw py::stop_iteration();
        }
        m_reader = indexer::open_collection_file(file.path, m_format, plugin::k_max_page_bytes, file.docno);
      }
      indexer::ReadItem item;
      if (!m_reader->next(item)) {
        m_reader.reset();
        continue;
      }
      if (item.kind == indexer::ReadItem::Kind::Skip) {
        m_skipped.push_back(item.skip.file + "@" + std::to_string(item.skip.offset) + ": " + item.skip.message);
        continue;
      }
      plugin::PageOptions options;
      options.declared_charset = item.document.declared_charset;
      const plugin::PageResult result = plugin::extract_page(item.document.body, *m_extractor, options);
      return {item.document.docno, item.document.url, result.document.content()};
    }
  }

  [[nodiscard]] const std::vector<std::string>& skipped() const noexcept { return m_skipped; }

 private:
  indexer::InputFormat m_format;
  std::unique_ptr<plugin::Extractor> m_extractor;
  std::unique_ptr<indexer::InputFileWalker> m_walker;
  std::unique_ptr<indexer::CollectionReader> m_reader;
  std::vector<std::string> m_skipped;
};

// An index set opened for search.
class PyIndexSet {
 public:
  explicit PyIndexSet(const std::string& directory) : m_set(query::IndexSet::open(directory)) {}

  [[nodiscard]] std::vector<std::string> views() const { return m_set.view_names(); }

  py::list search(const std::string& text, const std::optional<std::string>& view, std::size_t k) const {
    query::SearchResult result;
    {
      py::gil_scoped_release unlocked;
      const query::Searcher searcher(m_set, view ? m_set.view(*view) : m_set.default_view());
      query::SearchOptions options;
      options.k = k;
      result = searcher.search(text, options);
    }
    py::list hits;
    for (const query::SearchHit& h : result.hits) {
      py::dict d;
      d["rank"] = h.rank;
      d["docno"] = h.docno;
      d["score"] = h.score;
      d["url"] = h.url;
      d["title"] = h.title;
      d["snippet"] = h.snippet;
      // The page's metadata as the index stored it (None where the page did not say).
      for (const auto& [key, value] : {std::pair<const char*, const std::string*>{"date", &h.date},
                                        {"author", &h.author}, {"site", &h.site},
                                        {"language", &h.language}, {"page_type", &h.page_type}})
        d[key] = value->empty() ? py::object(py::none()) : py::object(py::str(*value));
      hits.append(d);
    }
    return hits;
  }

 private:
  query::IndexSet m_set;
};

// trec_eval's measures of a run: {measure: {topic: value, ..., "all": value}}.
py::dict evaluate_run(const std::string& qrels_path, const std::string& run_path,
                      const std::vector<std::string>& measures, int relevance_level) {
  trec::Evaluation e;
  {
    py::gil_scoped_release unlocked;
    const trec::Qrels qrels = trec::read_qrels(qrels_path);
    const trec::Run run = trec::read_run(run_path);
    const std::vector<trec::Measure> parsed = trec::parse_measures(measures);
    trec::EvalOptions options;
    options.relevance_level = relevance_level;
    e = trec::evaluate(qrels, run, parsed, options);
  }
  py::dict out;
  for (std::size_t m = 0; m < e.measures.size(); ++m) {
    py::dict per_topic;
    for (const trec::TopicValues& t : e.topics) per_topic[py::str(t.qid)] = t.values[m];
    per_topic["all"] = e.summary[m];
    out[py::str(e.measures[m].name())] = per_topic;
  }
  return out;
}

}  // namespace

PYBIND11_MODULE(_boilerdex, m) {
  m.doc() = "boilerdex: boilerplate removal (boilerpipe's shallow text features and beyond), Xapian "
            "indexes of what matters, trec_eval-exact evaluation";
  m.attr("__version__") = BDX_VERSION_STRING;

  // Errors: the library's hierarchy, messages as the tools print them.
  static py::exception<Error> error(m, "Error");
  static py::exception<UsageError> usage_error(m, "UsageError", error.ptr());
  static py::exception<InputError> input_error(m, "InputError", error.ptr());
  static py::exception<IndexError> index_error(m, "IndexError", error.ptr());
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const UsageError& e) {
      usage_error(e.what());
    } catch (const InputError& e) {
      input_error(e.what());
    } catch (const IndexError& e) {
      index_error(e.what());
    } catch (const Error& e) {
      error(e.what());
    }
  });

  m.def("extractors", [] {
    std::vector<std::string> names;
    // The names without their argument syntax ("best[:KEY=VALUE,...]" -> "best").
    for (const auto& info : plugin::list_extractors()) names.push_back(info.name.substr(0, info.name.find_first_of(":[")));
    return names;
  });

  py::class_<PyExtractor>(m, "Extractor")
      .def(py::init<const std::string&, const std::string&, bool, bool, bool, bool>(), py::arg("extractor") = "best",
           py::arg("format") = "text", py::arg("links") = false, py::arg("images") = false,
           py::arg("tables") = true, py::arg("formatting") = true)
      .def_property_readonly("name", &PyExtractor::name)
      .def("extract", &PyExtractor::extract, py::arg("html"), py::arg("charset") = py::none(),
           py::arg("url") = py::none());

  py::class_<CollectionPage>(m, "CollectionPage")
      .def_readonly("docno", &CollectionPage::docno)
      .def_readonly("url", &CollectionPage::url)
      .def_readonly("text", &CollectionPage::text)
      .def("__repr__", [](const CollectionPage& p) { return "CollectionPage(docno=" + py::repr(py::str(p.docno)).cast<std::string>() + ")"; });

  py::class_<CollectionIterator>(m, "Collection")
      .def(py::init<const std::vector<std::string>&, const std::string&, const std::string&>(), py::arg("paths"),
           py::arg("format") = "trec", py::arg("extractor") = "best")
      .def("__iter__", [](CollectionIterator& it) -> CollectionIterator& { return it; })
      .def("__next__", &CollectionIterator::next)
      .def_property_readonly("skipped", &CollectionIterator::skipped);

  py::class_<PyIndexSet>(m, "IndexSet")
      .def(py::init<const std::string&>(), py::arg("directory"))
      .def_property_readonly("views", &PyIndexSet::views)
      .def("search", &PyIndexSet::search, py::arg("query"), py::arg("view") = py::none(), py::arg("k") = 10);

  m.def("evaluate", &evaluate_run, py::arg("qrels"), py::arg("run"),
        py::arg("measures") = std::vector<std::string>{"P.10", "ndcg_cut.10"}, py::arg("relevance_level") = 1);
}
