#include "CLibraryLoading.h"

#include <dlfcn.h>
#include <stdio.h>

int folio_open_libraries(
    const char *const *names, int name_count, const char *const *symbols, void **slots, int symbol_count,
    const char *library, const char *requirement, char *problem, size_t capacity) {
  void *handles[8];
  if (name_count > 8) {
    snprintf(problem, capacity, "too many libraries for %s", requirement);
    return -1;
  }
  for (int index = 0; index < name_count; index++) {
    // Opened for good: a process that needed a library once keeps needing it.
    handles[index] = dlopen(names[index], RTLD_LAZY | RTLD_LOCAL);
    if (!handles[index]) {
      const char *reason = dlerror();
      snprintf(problem, capacity, "%s", reason ? reason : names[index]);
      return -1;
    }
  }
  for (int symbol = 0; symbol < symbol_count; symbol++) {
    void *found = NULL;
    for (int index = 0; index < name_count && !found; index++) found = dlsym(handles[index], symbols[symbol]);
    if (!found) {
      snprintf(problem, capacity, "%s has no '%s' (Folio needs %s)", library, symbols[symbol], requirement);
      return -1;
    }
    slots[symbol] = found;
  }
  return 0;
}
