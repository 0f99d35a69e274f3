#include "arena.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace boilerdex::plugin::detail {
namespace {
constexpr std::size_t kAlign = 16;
constexpr std::size_t kMaxChunk = 16u << 20;
constexpr std::size_t kHeader = (sizeof(void*) * 2 + kAlign - 1) & ~(kAlign - 1);
std::size_t round_up(std::size_t n) noexcept { return (n + kAlign - 1) & ~(kAlign - 1); }
}  // namespace

Arena::Arena(std::size_t first_chunk) noexcept : m_next_chunk(std::max<std::size_t>(first_chunk, 4096)) {}

Arena::~Arena() {
  while (m_chunks != nullptr) {
    Chunk* next = m_chunks->next;
    std::free(m_chunks);
    m_chunks = next;
  }
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

void* Arena::allocate_slow(std::size_t n) {
  // Oversized requests get a chunk of their own, so the current chunk's tail stays usable.
  const bool own = n > m_next_chunk / 4;
  const std::size_t chunk_size = own ? kHeader + n : m_next_chunk;
  auto* chunk = static_cast<Chunk*>(std::malloc(chunk_size));
  if (chunk == nullptr) throw std::bad_alloc();
  chunk->next = m_chunks;
  chunk->size = chunk_size;
  m_chunks = chunk;
  m_reserved += chunk_size;
  char* base = reinterpret_cast<char*>(chunk) + kHeader;
  if (own) {
    m_last = nullptr;  // not the bump region: cannot be rolled back
    return base;
  }
  m_next_chunk = std::min(m_next_chunk * 2, kMaxChunk);
  m_cursor = base + n;
  m_limit = reinterpret_cast<char*>(chunk) + chunk_size;
  m_last = base;
  return base;
}

void Arena::deallocate(void* p) noexcept {
  if (p != nullptr && p == m_last) {
    m_cursor = m_last;
    m_last = nullptr;
  }
}

void* Arena::gumbo_allocate(void* arena, std::size_t size) noexcept {
  try {
    return static_cast<Arena*>(arena)->allocate(size);
  } catch (const std::bad_alloc&) {
    std::fputs("boilerdex: out of memory while parsing HTML\n", stderr);
    std::abort();
  }
}

void Arena::gumbo_deallocate(void* arena, void* p) noexcept { static_cast<Arena*>(arena)->deallocate(p); }

}  // namespace boilerdex::plugin::detail
