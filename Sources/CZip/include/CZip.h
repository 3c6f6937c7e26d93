// libzip (Debian libzip-dev 1.7), imported only by the ZipArchive target: the one door through
// which Folio writes and reads zip archives (EPUB books), all in memory.
//
// libzip is opened on first use, not linked (Zip.c): only books are zipped, and loading libzip
// with the compression and crypto libraries under it cost every `folio-site` run about 2 ms of
// its start-up. Swift calls libzip's functions by their own names, declared by <zip.h>; Zip.c
// defines the ones Folio uses, each passing the call on.
#ifndef FOLIO_CZIP_H
#define FOLIO_CZIP_H

#include <zip.h>

/// Why libzip cannot be used ("libzip.so.4: cannot open shared object file …"), or "" when it
/// can; opens it the first time. No other function of this module may be called before this
/// one has returned "".
const char *folio_zip_problem(void);

#endif
