// renameat2 and memmem are GNU extensions: Swift's Glibc module leaves them out, and a fully
// static folio cannot look them up with dlsym, so they are called from C.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
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

#if defined(__linux__)
#include <linux/openat2.h>
#include <sys/syscall.h>
#endif
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/// The walk a name at a time: every folder on the way opened with O_NOFOLLOW, so no symbolic
/// link is followed, and `..`, `.`-free absolute paths and empty names refused.
static int open_walking(int directory, const char *path, int flags, unsigned int mode) {
  if (path[0] == '/' || path[0] == '\0') {
    errno = EXDEV;
    return -1;
  }
  char *copy = strdup(path);
  if (copy == NULL) return -1;
  int current = directory;
  char *name = copy;
  int result = -1;
  for (;;) {
    char *slash = strchr(name, '/');
    if (slash != NULL) *slash = '\0';
    if (strcmp(name, "..") == 0 || name[0] == '\0') {
      errno = EXDEV;
      break;
    }
    if (slash == NULL) {
      result = openat(current, name, flags | O_NOFOLLOW | O_CLOEXEC, mode);
      break;
    }
    int next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (current != directory) close(current);
    if (next < 0) {
      current = directory;
      break;
    }
    current = next;
    name = slash + 1;
  }
  if (current != directory) {
    int saved = errno;
    close(current);
    errno = saved;
  }
  free(copy);
  return result;
}

int folio_open_beneath(int directory, const char *path, int flags, unsigned int mode, bool no_symlinks) {
#if defined(__linux__) && defined(SYS_openat2)
  struct open_how how;
  memset(&how, 0, sizeof how);
  how.flags = (unsigned long long)(flags | O_CLOEXEC);
  how.mode = (flags & O_CREAT) ? mode : 0;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (no_symlinks ? RESOLVE_NO_SYMLINKS : 0);
  long result;
  do {
    result = syscall(SYS_openat2, directory, path, &how, sizeof how);
  } while (result < 0 && (errno == EAGAIN || errno == EINTR));
  if (result >= 0 || (errno != ENOSYS && errno != EPERM)) return (int)result;
#endif
  return open_walking(directory, path, flags, mode);
}

void folio_return_free_memory(void) {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}
