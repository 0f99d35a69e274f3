#pragma once
// A small parallel loop for the index-set build's batches. Private to indexer.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace boilerdex::indexer::detail {

/// Runs fn(worker, i) for i in [0, n) on up to \p threads threads (dynamic assignment).
/// The first exception is rethrown after all workers stop.
template <typename F>
void parallel_for(unsigned threads, std::size_t n, F&& fn) {
  if (n == 0) return;
  const unsigned t = static_cast<unsigned>(std::min<std::size_t>(threads, n));
  if (t <= 1) {
    for (std::size_t i = 0; i < n; ++i) fn(0u, i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto run = [&](unsigned w) {
    try {
      for (std::size_t i = next++; i < n; i = next++) fn(w, i);
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
      next = n;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned w = 1; w < t; ++w) pool.emplace_back(run, w);
  run(0);
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace boilerdex::indexer::detail
