// The libgit2 functions Folio calls, each passing the call on to libgit2 opened with dlopen
// (include/CGit2.h says why). A function missing here fails the link, not a run.

// Declared hidden here, so the executable does not export them: libgit2's calls to its own
// functions then stay inside libgit2 instead of binding to these.
#include <git2/common.h>
#undef GIT_EXTERN
#define GIT_EXTERN(type) extern __attribute__((visibility("hidden"))) type

#include "CGit2.h"

#include "CLibraryLoading.h"

// Each function: what it returns, its name, its parameters, and its arguments as passed on.
#define FOLIO_GIT2_FUNCTIONS(X, V)                                                                    \
  X(int, git_libgit2_init, (void), ())                                                               \
  X(int, git_libgit2_shutdown, (void), ())                                                           \
  X(const git_error *, git_error_last, (void), ())                                                   \
  X(const git_signature *, git_commit_author, (const git_commit *commit), (commit))                  \
  V(git_commit_free, (git_commit * commit), (commit))                                                \
  X(int, git_commit_lookup, (git_commit * *commit, git_repository * repo, const git_oid * id),       \
      (commit, repo, id))                                                                            \
  X(const git_oid *, git_commit_parent_id, (const git_commit *commit, unsigned int n), (commit, n))   \
  X(unsigned int, git_commit_parentcount, (const git_commit *commit), (commit))                      \
  X(git_time_t, git_commit_time, (const git_commit *commit), (commit))                               \
  X(const git_oid *, git_commit_tree_id, (const git_commit *commit), (commit))                       \
  X(int, git_oid_equal, (const git_oid *a, const git_oid *b), (a, b))                                \
  X(int, git_reference_name_to_id, (git_oid * out, git_repository * repo, const char *name),         \
      (out, repo, name))                                                                             \
  V(git_repository_free, (git_repository * repo), (repo))                                            \
  X(int, git_repository_is_bare, (const git_repository *repo), (repo))                               \
  X(int, git_repository_is_shallow, (git_repository * repo), (repo))                                \
  X(int, git_repository_open_ext,                                                                    \
      (git_repository * *out, const char *path, unsigned int flags, const char *ceiling_dirs),        \
      (out, path, flags, ceiling_dirs))                                                              \
  X(const char *, git_repository_workdir, (const git_repository *repo), (repo))                      \
  X(const git_tree_entry *, git_tree_entry_byindex, (const git_tree *tree, size_t idx), (tree, idx)) \
  X(const git_tree_entry *, git_tree_entry_byname, (const git_tree *tree, const char *filename),     \
      (tree, filename))                                                                              \
  X(int, git_tree_entry_bypath, (git_tree_entry * *out, const git_tree *root, const char *path),     \
      (out, root, path))                                                                             \
  V(git_tree_entry_free, (git_tree_entry * entry), (entry))                                          \
  X(const git_oid *, git_tree_entry_id, (const git_tree_entry *entry), (entry))                      \
  X(const char *, git_tree_entry_name, (const git_tree_entry *entry), (entry))                       \
  X(git_object_t, git_tree_entry_type, (const git_tree_entry *entry), (entry))                       \
  X(size_t, git_tree_entrycount, (const git_tree *tree), (tree))                                     \
  V(git_tree_free, (git_tree * tree), (tree))                                                        \
  X(int, git_tree_lookup, (git_tree * *out, git_repository * repo, const git_oid * id), (out, repo, id))

// The soname of the libgit2 whose headers Folio was built with (Debian 12: libgit2.so.1.5);
// the package depends on it by name (scripts/package).
FOLIO_LIBRARY_DOOR(FOLIO_GIT2_FUNCTIONS, folio_git2_problem, "libgit2", "libgit2 " LIBGIT2_SOVERSION, "libgit2.so." LIBGIT2_SOVERSION)
