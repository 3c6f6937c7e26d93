// C library functions Swift's Glibc module does not declare; imported by Site/Output,
// Site/Content/SiteFiles.swift, ByteSearch.swift and FreeMemory.swift.
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

/// Opens `path`, relative to the open folder `directory`, without leaving that folder: an
/// absolute path, a `..` above it or a symbolic link that leads out fails with EXDEV, and with
/// `no_symlinks` any symbolic link on the way fails with ELOOP. Linux ≥ 5.6 has the kernel check
/// it (openat2 with RESOLVE_BENEATH, and RESOLVE_NO_SYMLINKS); elsewhere, or where a sandbox
/// refuses openat2, the path is walked a name at a time with O_NOFOLLOW, refusing every
/// symbolic link. Returns a descriptor, or -1 with errno set.
int folio_open_beneath(int directory, const char *path, int flags, unsigned int mode, bool no_symlinks);

/// Hands the memory the allocator holds free back to the system (glibc's malloc_trim, which
/// also gives back the free pages inside its heaps, not only at their tops); nothing elsewhere.
void folio_return_free_memory(void);

#endif
