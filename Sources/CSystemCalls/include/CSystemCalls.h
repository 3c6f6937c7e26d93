// System calls Swift's Glibc module does not declare; only Site/Output imports this module.
#ifndef FOLIO_CSYSTEMCALLS_H
#define FOLIO_CSYSTEMCALLS_H

/// Exchanges the paths `first` and `second` in one step (Linux `renameat2` with
/// `RENAME_EXCHANGE`). Returns 0, or -1 with errno set (ENOSYS off Linux, EINVAL where the file
/// system cannot exchange).
int folio_exchange_paths(const char *first, const char *second);

#endif
