#include "arena.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace boilerdex::plugin::detail {
namespace {
constexpr std::size_t k_align = 16;
constexpr std::size_t k_max_chunk = 16u << 20;
constexpr std::size_t k_max_small_chunk = 4u << 20;
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
  for (const Chunk& c : m_small) std::free(c.base);
}

void* Arena::allocate(std::size_t size) {
  if (size <= k_small_size) {
    if (m_small_free != nullptr) {
      void* p = m_small_free;
      m_small_free = *static_cast<void**>(p);
      return p;
    }
    if (m_small_cursor != m_small_limit) {
      void* p = m_small_cursor;
      m_small_cursor += k_small_size;
      return p;
    }
    return allocate_small_slow();
  }
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

void Arena::use_small_chunk(std::size_t index) noexcept {
  m_small_current = index;
  m_small_cursor = m_small[index].base;
  m_small_limit = m_small_cursor + m_small[index].size;
}

void* Arena::allocate_small_slow() {
  const std::size_t next = m_small_cursor == nullptr ? 0 : m_small_current + 1;
  if (next >= m_small.size()) {  // chunk sizes are multiples of the slot size
    m_small.reserve(m_small.size() + 1);
    m_small.push_back({checked_malloc(m_next_small_chunk), m_next_small_chunk});
    m_reserved += m_next_small_chunk;
    m_next_small_chunk = std::min(m_next_small_chunk * 2, k_max_small_chunk);
  }
  use_small_chunk(next);
  void* p = m_small_cursor;
  m_small_cursor += k_small_size;
  return p;
}

bool Arena::is_small(const void* p) const noexcept {
  const auto* c = static_cast<const char*>(p);
  for (std::size_t i = m_small.size(); i-- > 0;) {  // the newest chunks see most frees
    if (c >= m_small[i].base && c < m_small[i].base + m_small[i].size) return true;
  }
  return false;
}

void Arena::deallocate(void* p) noexcept {
  if (p == nullptr) return;
  if (p == m_last) {
    m_cursor = m_last;
    m_last = nullptr;
  } else if (is_small(p)) {
    *static_cast<void**>(p) = m_small_free;
    m_small_free = p;
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
  // Small chunks: an eighth of the allowance (a page's live small slots are a few percent
  // of its tree).
  kept = 0;
  keep_count = 0;
  while (keep_count < m_small.size() && kept + m_small[keep_count].size <= keep_bytes / 8) {
    kept += m_small[keep_count++].size;
  }
  for (std::size_t i = keep_count; i < m_small.size(); ++i) {
    std::free(m_small[i].base);
    m_reserved -= m_small[i].size;
  }
  m_small.resize(keep_count);
  m_small_cursor = m_small_limit = nullptr;
  m_small_free = nullptr;
  m_small_current = 0;
  if (!m_small.empty()) use_small_chunk(0);
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
