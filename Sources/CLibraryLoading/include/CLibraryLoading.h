// Opening a Debian shared library on first use instead of linking it, for the libraries most
// builds never call (libvips, libgit2, libzip), so that every `folio build` does not pay for
// loading them and what they link. Only C targets include this header.
#ifndef FOLIO_CLIBRARYLOADING_H
#define FOLIO_CLIBRARYLOADING_H

#include <pthread.h>
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

/// A door to a library opened on first use, for its `.c` file: `LIST(X, V)` lists the functions
/// Folio calls, `X(type, name, parameters, arguments)` for one that returns a value and
/// `V(name, parameters, arguments)` for one that returns nothing (the library's header declares
/// them). Defines `problem_function` (why `library`, the sonames after `requirement`, cannot be
/// used, or ""; opens them the first time) and each listed function, passing the call on to
/// the library's own through the table `folio_open_libraries` fills. No listed function may be
/// called before `problem_function` has returned "".
#define FOLIO_LIBRARY_DOOR(LIST, problem_function, library, requirement, ...)                              \
  enum { LIST(FOLIO_DOOR_INDEX, FOLIO_DOOR_VOID_INDEX) FOLIO_DOOR_FUNCTION_COUNT };                        \
  static const char *const folio_door_names[] = {LIST(FOLIO_DOOR_NAME, FOLIO_DOOR_VOID_NAME)};             \
  static void *folio_door_slots[FOLIO_DOOR_FUNCTION_COUNT];                                               \
  static pthread_once_t folio_door_opened = PTHREAD_ONCE_INIT;                                             \
  static int folio_door_result = -1;                                                                       \
  static char folio_door_problem[256] = library " was not opened";                                        \
  static void folio_door_open(void) {                                                                      \
    const char *const libraries[] = {__VA_ARGS__};                                                         \
    folio_door_result = folio_open_libraries(libraries, (int)(sizeof libraries / sizeof *libraries),        \
        folio_door_names, folio_door_slots, FOLIO_DOOR_FUNCTION_COUNT, library, requirement,               \
        folio_door_problem, sizeof folio_door_problem);                                                    \
  }                                                                                                        \
  const char *problem_function(void) {                                                                     \
    pthread_once(&folio_door_opened, folio_door_open);                                                     \
    return folio_door_result == 0 ? "" : folio_door_problem;                                               \
  }                                                                                                        \
  LIST(FOLIO_DOOR_FORWARD, FOLIO_DOOR_VOID_FORWARD)

// The parts FOLIO_LIBRARY_DOOR applies to each listed function.
#define FOLIO_DOOR_INDEX(type, name, parameters, arguments) FOLIO_DOOR_INDEX_##name,
#define FOLIO_DOOR_VOID_INDEX(name, parameters, arguments) FOLIO_DOOR_INDEX_##name,
#define FOLIO_DOOR_NAME(type, name, parameters, arguments) #name,
#define FOLIO_DOOR_VOID_NAME(name, parameters, arguments) #name,
#define FOLIO_DOOR_FORWARD(type, name, parameters, arguments) \
  type name parameters { return ((__typeof__(&name))folio_door_slots[FOLIO_DOOR_INDEX_##name]) arguments; }
#define FOLIO_DOOR_VOID_FORWARD(name, parameters, arguments) \
  void name parameters { ((__typeof__(&name))folio_door_slots[FOLIO_DOOR_INDEX_##name]) arguments; }

#endif
