// libgit2 (Debian libgit2-dev), read only by the GitHistory target: opening the project's
// repository and walking its history for the dates pages were last changed.
//
// libgit2 is opened on first use, not linked (Git2.c): only sites with `lastUpdated: git` read
// a history, and loading libgit2 with the Kerberos, SSH and TLS libraries under it cost every
// `folio-site` run about 4 ms of its start-up. Swift calls libgit2's functions by their own
// names, declared by <git2.h>; Git2.c defines the ones Folio uses, each passing the call on.
#ifndef FOLIO_CGIT2_H
#define FOLIO_CGIT2_H

#include <git2.h>

/// Why libgit2 cannot be used ("libgit2.so.1.5: cannot open shared object file …"), or "" when
/// it can; opens it the first time. No other function of this module may be called before this
/// one has returned "".
const char *folio_git2_problem(void);

#endif
