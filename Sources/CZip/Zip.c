// The libzip functions Folio calls, each passing the call on to libzip opened with dlopen
// (include/CZip.h says why). A function missing here fails the link, not a run.

// Declared hidden here, so the executable does not export them: libzip's calls to its own
// functions then stay inside libzip instead of binding to these.
#define ZIP_EXTERN __attribute__((visibility("hidden")))

#include "CZip.h"

#include "CLibraryLoading.h"

// Each function: what it returns, its name, its parameters, and its arguments as passed on.
#define FOLIO_ZIP_FUNCTIONS(X, V)                                                                    \
  X(int, zip_close, (zip_t * archive), (archive))                                                   \
  V(zip_discard, (zip_t * archive), (archive))                                                      \
  V(zip_error_fini, (zip_error_t * error), (error))                                                 \
  V(zip_error_init, (zip_error_t * error), (error))                                                 \
  V(zip_error_set, (zip_error_t * error, int zip, int system), (error, zip, system))                \
  X(const char *, zip_error_strerror, (zip_error_t * error), (error))                               \
  X(zip_int64_t, zip_error_to_data, (const zip_error_t *error, void *data, zip_uint64_t length),    \
      (error, data, length))                                                                        \
  X(int, zip_fclose, (zip_file_t * file), (file))                                                   \
  X(zip_int64_t, zip_file_add, (zip_t * archive, const char *name, zip_source_t *source,            \
      zip_flags_t flags), (archive, name, source, flags))                                           \
  X(int, zip_file_set_dostime, (zip_t * archive, zip_uint64_t index, zip_uint16_t time,             \
      zip_uint16_t date, zip_flags_t flags), (archive, index, time, date, flags))                   \
  X(int, zip_file_set_external_attributes, (zip_t * archive, zip_uint64_t index, zip_flags_t flags, \
      zip_uint8_t system, zip_uint32_t attributes), (archive, index, flags, system, attributes))    \
  X(const char *, zip_file_strerror, (zip_file_t * file), (file))                                   \
  X(zip_file_t *, zip_fopen_index, (zip_t * archive, zip_uint64_t index, zip_flags_t flags),        \
      (archive, index, flags))                                                                      \
  X(zip_int64_t, zip_fread, (zip_file_t * file, void *buffer, zip_uint64_t length),                 \
      (file, buffer, length))                                                                       \
  X(zip_int64_t, zip_get_num_entries, (zip_t * archive, zip_flags_t flags), (archive, flags))       \
  X(zip_t *, zip_open_from_source, (zip_source_t * source, int flags, zip_error_t *error),          \
      (source, flags, error))                                                                       \
  X(int, zip_set_file_compression, (zip_t * archive, zip_uint64_t index, zip_int32_t method,        \
      zip_uint32_t level), (archive, index, method, level))                                         \
  X(zip_source_t *, zip_source_buffer_create, (const void *data, zip_uint64_t length, int free,     \
      zip_error_t *error), (data, length, free, error))                                             \
  X(int, zip_source_close, (zip_source_t * source), (source))                                       \
  X(zip_error_t *, zip_source_error, (zip_source_t * source), (source))                             \
  V(zip_source_free, (zip_source_t * source), (source))                                             \
  X(zip_source_t *, zip_source_function_create, (zip_source_callback callback, void *context,       \
      zip_error_t *error), (callback, context, error))                                              \
  V(zip_source_keep, (zip_source_t * source), (source))                                             \
  X(int, zip_source_open, (zip_source_t * source), (source))                                        \
  X(zip_int64_t, zip_source_read, (zip_source_t * source, void *buffer, zip_uint64_t length),       \
      (source, buffer, length))                                                                     \
  X(int, zip_source_stat, (zip_source_t * source, zip_stat_t *stat), (source, stat))                \
  X(int, zip_stat_index, (zip_t * archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *stat), \
      (archive, index, flags, stat))                                                                \
  V(zip_stat_init, (zip_stat_t * stat), (stat))                                                     \
  X(const char *, zip_strerror, (zip_t * archive), (archive))

// Debian 12's libzip4 (libzip 1.7); the package depends on it by name (scripts/package).
FOLIO_LIBRARY_DOOR(FOLIO_ZIP_FUNCTIONS, folio_zip_problem, "libzip", "libzip 1.7", "libzip.so.4")
