// libgit2 (Debian libgit2-dev), read only by the GitHistory target: opening the project's
// repository and walking its history for the dates pages were last changed.
#include <git2.h>
