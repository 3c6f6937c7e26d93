// renameat2 is a GNU extension: Swift's Glibc module leaves it out, and a fully static folio
// cannot look it up with dlsym, so it is called from C.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

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
