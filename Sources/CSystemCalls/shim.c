// renameat2 and memmem are GNU extensions: Swift's Glibc module leaves them out, and a fully
// static folio cannot look them up with dlsym, so they are called from C.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "CSystemCalls.h"

int folio_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
  return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
  (void)first;
  (void)second;
  errno = ENOSYS;
  return -1;
#endif
}

bool folio_contains_bytes(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
  return memmem(haystack, haystack_length, needle, needle_length) != NULL;
}
