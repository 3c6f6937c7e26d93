// Opening a Debian shared library on first use instead of linking it: the doors of libraries
// most builds never call (libgit2, libzip) use it, so that every `folio build` does not pay
// for loading them and what they link. Only C targets include this header.
#ifndef FOLIO_CLIBRARYLOADING_H
#define FOLIO_CLIBRARYLOADING_H

#include <stddef.h>

/// Opens each of the `name_count` shared libraries `names` (sonames, in order, each with
/// `RTLD_LAZY | RTLD_LOCAL`, so nothing else in the process binds to their symbols by accident)
/// and puts the address of each of the `symbol_count` functions `symbols` into the slot of the
/// same index, looked up in the libraries in order. Returns 0; or -1 with the reason in
/// `problem` (NUL-terminated, cut to `capacity`): dlopen's message, or which function
/// `library` (such as "libgit2") lacks and that `requirement` (such as "libgit2 1.5") is what
/// Folio needs. At most 8 libraries.
int folio_open_libraries(
    const char *const *names, int name_count, const char *const *symbols, void **slots, int symbol_count,
    const char *library, const char *requirement, char *problem, size_t capacity);

#endif
