// xxHash (Debian libxxhash-dev), compiled into the one Swift target that imports it
// (BuildCache): XXH_INLINE_ALL makes every function static inline, so no library is linked and
// the executables gain no shared-library dependency. It also renames the functions with a
// macro Swift cannot see, so the Folio calls have wrappers of their own.
#ifndef FOLIO_CXXHASH_H
#define FOLIO_CXXHASH_H
#include <stddef.h>
#include <stdint.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

/// XXH3-128 of `length` bytes at `bytes`, as its two halves.
typedef struct {
  uint64_t high;
  uint64_t low;
} folio_digest128;

static inline folio_digest128 folio_xxh3_128(const void *bytes, size_t length) {
  XXH128_hash_t value = XXH3_128bits(bytes, length);
  folio_digest128 digest = {value.high64, value.low64};
  return digest;
}

/// XXH3-128 of `length` bytes at `bytes` with `seed`: digests of different kinds of value (a
/// string, a list, a pair of digests) start apart.
static inline folio_digest128 folio_xxh3_128_seeded(const void *bytes, size_t length, uint64_t seed) {
  XXH128_hash_t value = XXH3_128bits_withSeed(bytes, length, seed);
  folio_digest128 digest = {value.high64, value.low64};
  return digest;
}

/// XXH3-64 of `length` bytes at `bytes`.
static inline uint64_t folio_xxh3_64(const void *bytes, size_t length) { return XXH3_64bits(bytes, length); }

/// XXH3-64 of bytes given a run at a time (a cache file written as it is made): start, add each
/// run in order, read the digest, free. The same bytes give ``folio_xxh3_64``'s digest.
static inline void *folio_xxh3_64_start(void) {
  XXH3_state_t *state = XXH3_createState();
  if (state != NULL) XXH3_64bits_reset(state);
  return state;
}

static inline void folio_xxh3_64_add(void *state, const void *bytes, size_t length) {
  XXH3_64bits_update((XXH3_state_t *)state, bytes, length);
}

static inline uint64_t folio_xxh3_64_digest(const void *state) {
  return XXH3_64bits_digest((const XXH3_state_t *)state);
}

static inline void folio_xxh3_64_free(void *state) { XXH3_freeState((XXH3_state_t *)state); }
#endif
