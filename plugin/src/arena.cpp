#include "arena.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace boilerdex::plugin::detail {
namespace {
constexpr std::size_t k_align = 16;
constexpr std::size_t k_max_chunk = 16u << 20;
std::size_t round_up(std::size_t n) noexcept { return (n + k_align - 1) & ~(k_align - 1); }
char* checked_malloc(std::size_t n) {
  void* p = std::aligned_alloc(k_align, round_up(n));
  if (p == nullptr) throw std::bad_alloc();
  return static_cast<char*>(p);
}
}  // namespace

Arena::Arena(std::size_t first_chunk) noexcept
    : m_next_chunk(std::max<std::size_t>(round_up(first_chunk), 4096)) {}

Arena::~Arena() {
  for (const Chunk& c : m_chunks) std::free(c.base);
  for (const Chunk& c : m_large) std::free(c.base);
}

void* Arena::allocate(std::size_t size) {
  const std::size_t n = round_up(size == 0 ? 1 : size);
  if (static_cast<std::size_t>(m_limit - m_cursor) >= n) {
    m_last = m_cursor;
    m_cursor += n;
    return m_last;
  }
  return allocate_slow(n);
}

void Arena::use_chunk(std::size_t index) noexcept {
  m_current = index;
  m_cursor = m_chunks[index].base;
  m_limit = m_cursor + m_chunks[index].size;
  m_last = nullptr;
}

void* Arena::allocate_slow(std::size_t n) {
  // Oversized requests get a chunk of their own, so the current chunk's tail stays usable.
  if (n > m_next_chunk / 4) {
    m_large.reserve(m_large.size() + 1);
    m_large.push_back({checked_malloc(n), n});
    m_reserved += n;
    m_last = nullptr;  // not the bump region: cannot be rolled back
    return m_large.back().base;
  }
  // Move on to a retained chunk from an earlier document, or get a new one.
  std::size_t next = m_cursor == nullptr ? 0 : m_current + 1;
  while (next < m_chunks.size() && m_chunks[next].size < n) ++next;  // too small for this one
  if (next >= m_chunks.size()) {
    const std::size_t size = std::max(m_next_chunk, n);
    m_chunks.reserve(m_chunks.size() + 1);
    m_chunks.push_back({checked_malloc(size), size});
    m_reserved += size;
    m_next_chunk = std::min(m_next_chunk * 2, k_max_chunk);
    next = m_chunks.size() - 1;
  }
  use_chunk(next);
  m_last = m_cursor;
  m_cursor += n;
  return m_last;
}

void Arena::deallocate(void* p) noexcept {
  if (p != nullptr && p == m_last) {
    m_cursor = m_last;
    m_last = nullptr;
  }
}

void Arena::reset(std::size_t keep_bytes) noexcept {
  for (const Chunk& c : m_large) {
    std::free(c.base);
    m_reserved -= c.size;
  }
  m_large.clear();
  std::size_t kept = 0;
  std::size_t keep_count = 0;
  while (keep_count < m_chunks.size() && kept + m_chunks[keep_count].size <= keep_bytes) {
    kept += m_chunks[keep_count++].size;
  }
  for (std::size_t i = keep_count; i < m_chunks.size(); ++i) {
    std::free(m_chunks[i].base);
    m_reserved -= m_chunks[i].size;
  }
  m_chunks.resize(keep_count);
  m_cursor = m_limit = m_last = nullptr;
  m_current = 0;
  if (!m_chunks.empty()) use_chunk(0);
}

void* Arena::gumbo_allocate(void* arena, std::size_t size) noexcept {
  try {
    return static_cast<Arena*>(arena)->allocate(size);
  } catch (const std::bad_alloc&) {
    std::fputs("boilerdex: out of memory while parsing HTML\n", stderr);
    std::abort();
  }
}

void Arena::gumbo_deallocate(void* arena, void* p) noexcept {
  static_cast<Arena*>(arena)->deallocate(p);
}

}  // namespace boilerdex::plugin::detail
