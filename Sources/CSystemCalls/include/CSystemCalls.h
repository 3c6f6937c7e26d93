// C library functions Swift's Glibc module does not declare; imported by Site/Output and
// Site/Incremental/PageFindings.swift.
#ifndef FOLIO_CSYSTEMCALLS_H
#define FOLIO_CSYSTEMCALLS_H

#include <stdbool.h>
#include <stddef.h>

/// Exchanges the paths `first` and `second` in one step (Linux `renameat2` with
/// `RENAME_EXCHANGE`). Returns 0, or -1 with errno set (ENOSYS off Linux, EINVAL where the file
/// system cannot exchange).
int folio_exchange_paths(const char *first, const char *second);

/// Whether the `needle_length` bytes at `needle` occur in the `haystack_length` bytes at
/// `haystack` (glibc's memmem: a two-way search, several times faster than a byte loop).
bool folio_contains_bytes(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
