#include "model.hpp"

#include <torch/nn/utils/rnn.h>

#include <ATen/Parallel.h>

#include "boilerdex/plugin/input_error.hpp"

namespace boilerdex::plugin::boilernet {

namespace rnn = torch::nn::utils::rnn;

namespace {

constexpr const char* k_format = "boilerdex-boilernet";
constexpr std::int64_t k_version = 1;

}  // namespace

BoilerNetImpl::BoilerNetImpl(std::int64_t vocabulary_size, const Hyperparameters& h) {
  m_project = register_module(
      "project", torch::nn::EmbeddingBag(torch::nn::EmbeddingBagOptions(vocabulary_size, h.dense)
                                             .mode(torch::kSum)
                                             .include_last_offset(true)));
  m_project_bias = register_parameter("project_bias", torch::zeros({h.dense}));
  m_dropout = register_module("dropout", torch::nn::Dropout(h.dropout));
  m_lstm = register_module(
      "lstm", torch::nn::LSTM(torch::nn::LSTMOptions(h.dense, h.hidden)
                                  .num_layers(h.layers)
                                  .bidirectional(true)
                                  .batch_first(true)
                                  .dropout(h.layers > 1 ? h.dropout : 0.0)));
  m_output = register_module("output", torch::nn::Linear(2 * h.hidden, 1));
}

torch::Tensor BoilerNetImpl::forward(const torch::Tensor& indices, const torch::Tensor& offsets,
                                     const torch::Tensor& weights, const torch::Tensor& lengths) {
  torch::Tensor blocks = torch::relu(m_project(indices, offsets, weights) + m_project_bias);
  blocks = m_dropout(blocks);
  if (lengths.numel() == 1) {  // one page (inference): no padding, so no packing either
    const auto [sequence, state] = m_lstm(blocks.unsqueeze(0));
    (void)state;
    return m_output(m_dropout(sequence)).squeeze(-1);
  }
  std::vector<std::int64_t> sizes(lengths.data_ptr<std::int64_t>(),
                                  lengths.data_ptr<std::int64_t>() + lengths.numel());
  const auto pages = rnn::pad_sequence(torch::split_with_sizes(blocks, sizes), /*batch_first=*/true);
  const auto packed = rnn::pack_padded_sequence(pages, lengths, /*batch_first=*/true,
                                                /*enforce_sorted=*/false);
  const auto [out, state] = m_lstm->forward_with_packed_input(packed);
  (void)state;
  const auto [sequence, sequence_lengths] =
      rnn::pad_packed_sequence(out, /*batch_first=*/true);
  (void)sequence_lengths;
  return m_output(m_dropout(sequence)).squeeze(-1);
}

Batch make_batch(const std::vector<const PageBags*>& pages) {
  std::size_t entries = 0, blocks = 0;
  for (const auto* p : pages) {
    entries += p->indices.size();
    blocks += p->blocks();
  }
  Batch b;
  b.indices = torch::empty({static_cast<std::int64_t>(entries)}, torch::kInt64);
  b.weights = torch::empty({static_cast<std::int64_t>(entries)}, torch::kFloat32);
  b.offsets = torch::empty({static_cast<std::int64_t>(blocks + 1)}, torch::kInt64);
  auto* indices = b.indices.data_ptr<std::int64_t>();
  auto* weights = b.weights.data_ptr<float>();
  auto* offsets = b.offsets.data_ptr<std::int64_t>();
  std::int64_t base = 0;
  for (const auto* p : pages) {
    if (p->blocks() == 0) continue;
    indices = std::copy(p->indices.begin(), p->indices.end(), indices);
    weights = std::copy(p->weights.begin(), p->weights.end(), weights);
    for (std::size_t i = 0; i < p->blocks(); ++i) *offsets++ = base + p->offsets[i];
    base += static_cast<std::int64_t>(p->indices.size());
    b.page_lengths.push_back(static_cast<std::int64_t>(p->blocks()));
  }
  *offsets = base;
  b.lengths = torch::tensor(b.page_lengths, torch::kInt64);
  return b;
}

Model::Model(Vocabulary vocabulary, const Hyperparameters& hyperparameters)
    : m_vocabulary(std::move(vocabulary)),
      m_hyper(hyperparameters),
      m_net(static_cast<std::int64_t>(m_vocabulary.size()), m_hyper) {}

std::vector<float> Model::predict(const PageBags& page) const {
  if (page.blocks() == 0) return {};
  const c10::InferenceMode inference;
  const Batch batch = make_batch({&page});
  const torch::Tensor p =
      torch::sigmoid(m_net.ptr()->forward(batch.indices, batch.offsets, batch.weights, batch.lengths))
          .reshape({-1})
          .contiguous();
  return {p.data_ptr<float>(), p.data_ptr<float>() + p.numel()};
}

namespace {

c10::List<std::string> to_list(const std::vector<std::string>& strings) {
  c10::List<std::string> list;
  list.reserve(strings.size());
  for (const auto& s : strings) list.push_back(s);
  return list;
}

std::vector<std::string> from_list(const c10::IValue& value) {
  std::vector<std::string> out;
  for (const auto& item : value.toListRef()) out.push_back(item.toStringRef());
  return out;
}

}  // namespace

void Model::save(const std::filesystem::path& path) const {
  try {
    torch::serialize::OutputArchive archive;
    archive.write("format", c10::IValue(std::string(k_format)));
    archive.write("version", c10::IValue(k_version));
    archive.write("hyper", c10::IValue(c10::List<std::int64_t>(
                               {m_hyper.max_tags, m_hyper.max_words, m_hyper.dense, m_hyper.hidden,
                                m_hyper.layers})));
    archive.write("dropout", c10::IValue(m_hyper.dropout));
    archive.write("tags", c10::IValue(to_list(m_vocabulary.tags())));
    archive.write("words", c10::IValue(to_list(m_vocabulary.words())));
    torch::serialize::OutputArchive net;
    m_net->save(net);
    archive.write("net", net);
    archive.save_to(path.string());
  } catch (const c10::Error& e) {
    throw InputError(path.string(), InputError::npos,
                     std::string("cannot write the model: ") + e.what_without_backtrace());
  }
}

Model Model::load(const std::filesystem::path& path) {
  const auto fail = [&](const std::string& why) {
    return InputError(path.string(), InputError::npos, "not a usable BoilerNet model: " + why);
  };
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw InputError(path.string(), InputError::npos, "no such model file");
  try {
    torch::serialize::InputArchive archive;
    archive.load_from(path.string());
    c10::IValue value;
    if (!archive.try_read("format", value) || !value.isString() ||
        value.toStringRef() != k_format)
      throw fail(std::string("no '") + k_format + "' format key");
    if (!archive.try_read("version", value) || !value.isInt() || value.toInt() != k_version)
      throw fail("unsupported version (this build reads version " + std::to_string(k_version) + ")");
    Hyperparameters h;
    if (!archive.try_read("hyper", value) || !value.isIntList() || value.toIntList().size() != 5)
      throw fail("no 'hyper' list of 5 integers");
    const auto hyper = value.toIntVector();
    h.max_tags = hyper[0];
    h.max_words = hyper[1];
    h.dense = hyper[2];
    h.hidden = hyper[3];
    h.layers = hyper[4];
    if (h.dense <= 0 || h.hidden <= 0 || h.layers <= 0 || h.max_tags < 0 || h.max_words < 0)
      throw fail("non-positive sizes in 'hyper'");
    if (!archive.try_read("dropout", value) || !value.isDouble()) throw fail("no 'dropout'");
    h.dropout = value.toDouble();
    if (!archive.try_read("tags", value) || !value.isList()) throw fail("no 'tags' list");
    std::vector<std::string> tags = from_list(value);
    if (!archive.try_read("words", value) || !value.isList()) throw fail("no 'words' list");
    std::vector<std::string> words = from_list(value);
    Model model(Vocabulary(std::move(tags), std::move(words)), h);
    // Module::load adopts whatever shape the file holds: compare with the fresh network.
    std::vector<std::vector<std::int64_t>> shapes;
    for (const auto& p : model.m_net->parameters()) shapes.push_back(p.sizes().vec());
    torch::serialize::InputArchive net;
    if (!archive.try_read("net", net)) throw fail("no 'net' weights");
    model.m_net->load(net);
    const auto params = model.m_net->parameters();
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (params[i].sizes().vec() != shapes[i] || params[i].scalar_type() != torch::kFloat32)
        throw fail("weights do not match the vocabulary and shape the file declares");
    }
    model.m_net->eval();
    return model;
  } catch (const InputError&) {
    throw;
  } catch (const c10::Error& e) {
    throw fail(e.what_without_backtrace());
  } catch (const std::invalid_argument& e) {
    throw fail(e.what());
  }
}

void set_torch_threads(int threads) noexcept {
  at::set_num_threads(threads);
}

}  // namespace boilerdex::plugin::boilernet
