// Fixed-arity wrappers over libvips' variadic calls (include/CVips.h says what each does).
#include "CVips.h"

#include "CLibraryLoading.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>
#include <webp/encode.h>
#include <webp/mux.h>

// libvips links libheif itself; declared here so its version reaches cache keys without asking
// for libheif-dev (libwebp-dev comes with libvips-dev).
const char *heif_get_version(void);

// libvips is opened on first use, not linked: loading it and the hundred libraries under it
// (codecs, Cairo, Pango, HDF5, OpenEXR, …) took 36 of the 45 ms every `folio` run spent
// starting, images or not. Each function this file calls is looked up once, by name, and every
// call below goes through the table (the names are macros for its entries from here on, so the
// code reads as plain libvips). Debian's package depends on libvips42 by name (scripts/package).
#define FOLIO_VIPS_SYMBOLS(X) \
  X(WebPFree) \
  X(WebPGetEncoderVersion) \
  X(WebPMuxAssemble) \
  X(WebPMuxCreateInternal) \
  X(WebPMuxDelete) \
  X(WebPMuxDeleteChunk) \
  X(g_free) \
  X(g_log_set_handler) \
  X(g_memdup2) \
  X(g_object_unref) \
  X(g_str_has_prefix) \
  X(g_strfreev) \
  X(g_type_check_instance_cast) \
  X(g_type_from_name) \
  X(heif_get_version) \
  X(vips_area_unref) \
  X(vips_array_double_newv) \
  X(vips_bandjoin2) \
  X(vips_block_untrusted_set) \
  X(vips_cache_set_max) \
  X(vips_cast_uchar) \
  X(vips_concurrency_set) \
  X(vips_copy) \
  X(vips_error) \
  X(vips_error_buffer_copy) \
  X(vips_error_clear) \
  X(vips_flatten) \
  X(vips_foreign_find_load_buffer) \
  X(vips_gaussnoise) \
  X(vips_getpoint) \
  X(vips_gifsave_buffer) \
  X(vips_heifsave_buffer) \
  X(vips_icc_transform) \
  X(vips_image_copy_memory) \
  X(vips_image_get_fields) \
  X(vips_image_get_n_pages) \
  X(vips_image_get_orientation) \
  X(vips_image_get_orientation_swap) \
  X(vips_image_get_page_height) \
  X(vips_image_get_string) \
  X(vips_image_get_typeof) \
  X(vips_image_get_width) \
  X(vips_image_guess_interpretation) \
  X(vips_image_hasalpha) \
  X(vips_image_new) \
  X(vips_image_new_from_buffer) \
  X(vips_image_remove) \
  X(vips_image_set_int) \
  X(vips_init) \
  X(vips_jpegsave_buffer) \
  X(vips_linear1) \
  X(vips_nickname_find) \
  X(vips_object_get_type) \
  X(vips_object_local_array) \
  X(vips_pngsave_buffer) \
  X(vips_resize) \
  X(vips_thumbnail_buffer) \
  X(vips_version_string) \
  X(vips_webpsave_buffer) \
  X(vips_xyz)

static struct {
#define FOLIO_VIPS_FIELD(name) __typeof__(&name) name;
  FOLIO_VIPS_SYMBOLS(FOLIO_VIPS_FIELD)
#undef FOLIO_VIPS_FIELD
} library;

static pthread_once_t library_opened = PTHREAD_ONCE_INIT;
static int library_result = -1;
static char library_problem[256] = "libvips was not opened";

static void open_library(void) {
#define FOLIO_VIPS_NAME(name) #name,
  static const char *const symbols[] = {FOLIO_VIPS_SYMBOLS(FOLIO_VIPS_NAME)};
#undef FOLIO_VIPS_NAME
  enum { count = sizeof symbols / sizeof *symbols };
  const char *const names[] = {"libvips.so.42", "libwebpmux.so.3", "libheif.so.1"};
  void *slots[count];
  if (folio_open_libraries(names, 3, symbols, slots, count, "libvips", "libvips 8.14 or later", library_problem,
          sizeof library_problem) != 0)
    return;
  // The table's fields are in the order of the list the names came from.
  int index = 0;
#define FOLIO_VIPS_TAKE(name) memcpy(&library.name, &slots[index++], sizeof slots[0]);
  FOLIO_VIPS_SYMBOLS(FOLIO_VIPS_TAKE)
#undef FOLIO_VIPS_TAKE
  library_result = 0;
}

// Whether the libraries are open (opening them the first time).
static int library_is_open(void) {
  pthread_once(&library_opened, open_library);
  return library_result;
}

const char *folio_vips_problem(void) {
  library_is_open();
  return library_result == 0 ? "" : library_problem;
}

#define WebPFree library.WebPFree
#define WebPGetEncoderVersion library.WebPGetEncoderVersion
#define WebPMuxAssemble library.WebPMuxAssemble
#define WebPMuxCreateInternal library.WebPMuxCreateInternal
#define WebPMuxDelete library.WebPMuxDelete
#define WebPMuxDeleteChunk library.WebPMuxDeleteChunk
#define g_free library.g_free
#define g_log_set_handler library.g_log_set_handler
#define g_memdup2 library.g_memdup2
#define g_object_unref library.g_object_unref
#define g_str_has_prefix library.g_str_has_prefix
#define g_strfreev library.g_strfreev
#define g_type_check_instance_cast library.g_type_check_instance_cast
#define g_type_from_name library.g_type_from_name
#define heif_get_version library.heif_get_version
#define vips_area_unref library.vips_area_unref
#define vips_array_double_newv library.vips_array_double_newv
#define vips_bandjoin2 library.vips_bandjoin2
#define vips_block_untrusted_set library.vips_block_untrusted_set
#define vips_cache_set_max library.vips_cache_set_max
#define vips_cast_uchar library.vips_cast_uchar
#define vips_concurrency_set library.vips_concurrency_set
#define vips_copy library.vips_copy
#define vips_error library.vips_error
#define vips_error_buffer_copy library.vips_error_buffer_copy
#define vips_error_clear library.vips_error_clear
#define vips_flatten library.vips_flatten
#define vips_foreign_find_load_buffer library.vips_foreign_find_load_buffer
#define vips_gaussnoise library.vips_gaussnoise
#define vips_getpoint library.vips_getpoint
#define vips_gifsave_buffer library.vips_gifsave_buffer
#define vips_heifsave_buffer library.vips_heifsave_buffer
#define vips_icc_transform library.vips_icc_transform
#define vips_image_copy_memory library.vips_image_copy_memory
#define vips_image_get_fields library.vips_image_get_fields
#define vips_image_get_n_pages library.vips_image_get_n_pages
#define vips_image_get_orientation library.vips_image_get_orientation
#define vips_image_get_orientation_swap library.vips_image_get_orientation_swap
#define vips_image_get_page_height library.vips_image_get_page_height
#define vips_image_get_string library.vips_image_get_string
#define vips_image_get_typeof library.vips_image_get_typeof
#define vips_image_get_width library.vips_image_get_width
#define vips_image_guess_interpretation library.vips_image_guess_interpretation
#define vips_image_hasalpha library.vips_image_hasalpha
#define vips_image_new library.vips_image_new
#define vips_image_new_from_buffer library.vips_image_new_from_buffer
#define vips_image_remove library.vips_image_remove
#define vips_image_set_int library.vips_image_set_int
#define vips_init library.vips_init
#define vips_jpegsave_buffer library.vips_jpegsave_buffer
#define vips_linear1 library.vips_linear1
#define vips_nickname_find library.vips_nickname_find
#define vips_object_get_type library.vips_object_get_type
#define vips_object_local_array library.vips_object_local_array
#define vips_pngsave_buffer library.vips_pngsave_buffer
#define vips_resize library.vips_resize
#define vips_thumbnail_buffer library.vips_thumbnail_buffer
#define vips_version_string library.vips_version_string
#define vips_webpsave_buffer library.vips_webpsave_buffer
#define vips_xyz library.vips_xyz


// webpsave in 8.14 makes an EXIF block of its own (resolution, orientation) even from an image
// with none; libwebpmux takes the container's EXIF, XMP and ICC chunks out again.
static int strip_webp(void **output, size_t *length) {
  WebPData data = {*output, *length};
  // WebPMuxCreate and WebPDataClear are the header's inline wrappers of these two calls.
  WebPMux *mux = WebPMuxCreateInternal(&data, 1, WEBP_MUX_ABI_VERSION);
  if (!mux) {
    vips_error("folio", "libwebpmux could not read the encoded WebP");
    return -1;
  }
  WebPMuxDeleteChunk(mux, "EXIF");
  WebPMuxDeleteChunk(mux, "XMP ");
  WebPMuxDeleteChunk(mux, "ICCP");
  WebPData stripped = {NULL, 0};
  WebPMuxError error = WebPMuxAssemble(mux, &stripped);
  WebPMuxDelete(mux);
  if (error != WEBP_MUX_OK) {
    vips_error("folio", "libwebpmux could not write the WebP (%d)", (int)error);
    return -1;
  }
  // The caller frees with g_free: hand it a GLib copy, not libwebp's buffer.
  g_free(*output);
  *output = g_memdup2(stripped.bytes, stripped.size);
  *length = stripped.size;
  WebPFree((void *)stripped.bytes);
  return 0;
}

static int save_bare(VipsImage *image, int format, int quality, int effort, void **output, size_t *length);

static pthread_once_t started = PTHREAD_ONCE_INIT;
static int start_result = -1;
static int start_threads = 0;
static char versions[128];

// libvips reports what it works around (a truncated file it fills with grey, a colour profile
// it ignores) as GLib warnings on stderr; a library must not print, and every failure that
// matters comes back through the error buffer.
static void drop_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
  (void)domain, (void)level, (void)message, (void)data;
}

static void start_once(void) {
  if (library_is_open() != 0) return;
  if (vips_init("folio") != 0) return;
  g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, drop_message, NULL);
  // The operation cache keeps recent results, pixels included, for re-use: a site build reads
  // each image once, so it would only hold memory.
  vips_cache_set_max(0);
  // Only the loaders libvips fuzzes and trusts with hostile files (JPEG, PNG, WebP, GIF, HEIF,
  // TIFF, …), never ImageMagick, PDF, FITS, Matlab or the like.
  vips_block_untrusted_set(TRUE);
  int threads = __atomic_load_n(&start_threads, __ATOMIC_ACQUIRE);
  if (threads > 0) vips_concurrency_set(threads);
  start_result = 0;
}

// The versions need no start: a build whose variants are all in the cache keys them without
// paying libvips' start (its plugins load then, some 25 ms).
static pthread_once_t versions_read = PTHREAD_ONCE_INIT;

static void read_versions(void) {
  if (library_is_open() != 0) {
    snprintf(versions, sizeof versions, "vips missing");
    return;
  }
  int webp = WebPGetEncoderVersion();
  snprintf(versions, sizeof versions, "vips %s, webp %d.%d.%d, heif %s", vips_version_string(),
      (webp >> 16) & 0xff, (webp >> 8) & 0xff, webp & 0xff, heif_get_version());
}

// The first caller's thread count wins; later calls only wait for the start to finish.
int folio_vips_start(int threads) {
  if (__atomic_load_n(&start_threads, __ATOMIC_ACQUIRE) == 0)
    __atomic_store_n(&start_threads, threads, __ATOMIC_RELEASE);
  pthread_once(&started, start_once);
  return start_result;
}

// For the calls below: starts libvips with the default threads if nobody has yet.
static int ensure_started(void) {
  pthread_once(&started, start_once);
  return start_result;
}

const char *folio_vips_versions(void) {
  pthread_once(&versions_read, read_versions);
  return versions;
}

// A buffer only a call of the open library can have made.
void folio_vips_free(void *buffer) {
  if (buffer) g_free(buffer);
}

// libvips 8.14 keeps one error buffer for the process (under a lock): the copy also clears it,
// so a message seldom carries another thread's failure, and never grows without end.
static void take_error(char *error, int capacity, const char *fallback) {
  if (capacity <= 0) return;
  // Without the library there is no error buffer to read: the reason it could not be opened.
  if (library_result != 0) {
    snprintf(error, (size_t)capacity, "libvips could not be opened (%s)", library_problem);
    return;
  }
  char *message = vips_error_buffer_copy();
  const char *text = (message && message[0]) ? message : fallback;
  size_t length = strlen(text);
  while (length > 0 && text[length - 1] == '\n') length--;
  if (length > (size_t)capacity - 1) length = (size_t)capacity - 1;
  memcpy(error, text, length);
  error[length] = 0;
  g_free(message);
}

// "jpegload_buffer" → "jpeg"; HEIF files say which codec they hold.
static void format_name(VipsImage *image, char *name, size_t capacity) {
  const char *loader = NULL;
  snprintf(name, capacity, "unknown");
  if (vips_image_get_typeof(image, VIPS_META_LOADER) == 0 ||
      vips_image_get_string(image, VIPS_META_LOADER, &loader) != 0 || !loader)
    return;
  const char *end = strstr(loader, "load");
  size_t length = end ? (size_t)(end - loader) : strlen(loader);
  if (length >= capacity) length = capacity - 1;
  memcpy(name, loader, length);
  name[length] = 0;
  const char *compression = NULL;
  if (strcmp(name, "heif") == 0 && vips_image_get_typeof(image, "heif-compression") != 0 &&
      vips_image_get_string(image, "heif-compression", &compression) == 0 && compression &&
      strcmp(compression, "av1") == 0)
    snprintf(name, capacity, "avif");
}

// The loaders of JPEG, PNG, WebP, GIF, HEIF/AVIF and TIFF: libvips fuzzes these in OSS-Fuzz.
static gboolean is_used_loader(const char *nickname) {
  static const char *const used[] = {"jpegload_buffer", "pngload_buffer", "webpload_buffer", "gifload_buffer",
      "heifload_buffer", "tiffload_buffer"};
  if (!nickname) return FALSE;
  for (size_t index = 0; index < sizeof used / sizeof used[0]; index++)
    if (strcmp(nickname, used[index]) == 0) return TRUE;
  return FALSE;
}

int folio_vips_describe(
    const void *bytes, size_t length, folio_vips_description *description, char *error, int error_capacity) {
  if (ensure_started() != 0) {
    take_error(error, error_capacity, "libvips could not start");
    return -1;
  }
  // No loader claims the bytes: not an image, or a format libvips does not read.
  const char *loader = vips_foreign_find_load_buffer(bytes, length);
  if (!loader) {
    take_error(error, error_capacity, "no loader knows these bytes");
    return -2;
  }
  // Only the loaders of the formats Folio names. Blocking libvips' untrusted loaders is not
  // enough alone: 8.14 still counts poppler's PDF loader and librsvg's SVG loader as trusted.
  const char *nickname = vips_nickname_find(g_type_from_name(loader));
  if (!is_used_loader(nickname)) {
    const char *name = nickname ? nickname : loader;
    const char *end = strstr(name, "load");
    if (error_capacity > 0)
      snprintf(error, (size_t)error_capacity, "%.*s: Folio reads JPEG, PNG, WebP, GIF, AVIF, HEIF and TIFF",
          (int)(end ? (size_t)(end - name) : strlen(name)), name);
    return -2;
  }
  // Lazy: this reads the header only; no pixel is decoded until something asks for one.
  VipsImage *image = vips_image_new_from_buffer(bytes, length, "", "fail_on", VIPS_FAIL_ON_ERROR, NULL);
  if (!image) {
    take_error(error, error_capacity, "no loader knows these bytes");
    return -1;
  }
  memset(description, 0, sizeof *description);
  format_name(image, description->format, sizeof description->format);
  description->width = vips_image_get_width(image);
  description->height = vips_image_get_page_height(image);
  if (vips_image_get_orientation_swap(image)) {
    int width = description->width;
    description->width = description->height;
    description->height = width;
  }
  description->pages = vips_image_get_n_pages(image);
  description->orientation = vips_image_get_orientation(image);
  gchar **fields = vips_image_get_fields(image);
  for (gchar **field = fields; field && *field; field++)
    if (g_str_has_prefix(*field, "exif-ifd3-")) description->has_gps = 1;
  g_strfreev(fields);
  description->has_metadata = vips_image_get_typeof(image, VIPS_META_EXIF_NAME) != 0 ||
                              vips_image_get_typeof(image, VIPS_META_XMP_NAME) != 0 ||
                              vips_image_get_typeof(image, VIPS_META_IPTC_NAME) != 0;
  g_object_unref(image);
  return 0;
}

// True for the fields a saver writes out as metadata: EXIF (the blob and the fields parsed from
// it, GPS among them), XMP, IPTC and the ICC profile.
static gboolean is_metadata(const char *name) {
  return g_str_has_prefix(name, "exif-") || g_str_has_prefix(name, "xmp-") ||
         g_str_has_prefix(name, "iptc-") || strcmp(name, VIPS_META_ICC_NAME) == 0 ||
         strcmp(name, VIPS_META_IMAGEDESCRIPTION) == 0;
}

static int save(VipsImage *image, int format, int quality, int effort, void **output, size_t *length) {
  // `strip` alone is not enough in 8.14: webpsave ignores it and writes the input's EXIF (GPS
  // included), XMP and ICC profile (libvips issue 3340). So every saver gets a copy without
  // them, and `strip` as well.
  VipsImage *bare = NULL;
  if (vips_copy(image, &bare, NULL) != 0) return -1;
  gchar **fields = vips_image_get_fields(bare);
  for (gchar **field = fields; field && *field; field++)
    if (is_metadata(*field)) vips_image_remove(bare, *field);
  g_strfreev(fields);
  int failed = save_bare(bare, format, quality, effort, output, length);
  g_object_unref(bare);
  return failed;
}

static int save_bare(VipsImage *image, int format, int quality, int effort, void **output, size_t *length) {
  switch (format) {
  case FOLIO_VIPS_JPEG:
    return vips_jpegsave_buffer(
        image, output, length, "Q", quality, "optimize_coding", TRUE, "strip", TRUE, NULL);
  case FOLIO_VIPS_PNG:
    return vips_pngsave_buffer(image, output, length, "compression", effort, "strip", TRUE, NULL);
  case FOLIO_VIPS_WEBP:
    if (vips_webpsave_buffer(image, output, length, "Q", quality, "effort", effort, "strip", TRUE, NULL))
      return -1;
    return strip_webp(output, length);
  case FOLIO_VIPS_AVIF:
    // aom named, not left to libheif's choice, so the bytes do not change with what else is
    // installed.
    return vips_heifsave_buffer(image, output, length, "Q", quality, "compression",
        VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "encoder", VIPS_FOREIGN_HEIF_ENCODER_AOM, "effort", effort,
        "strip", TRUE, NULL);
  default:
    vips_error("folio", "unknown output format %d", format);
    return -1;
  }
}

folio_vips_decoded *folio_vips_decode(
    const void *bytes, size_t length, int width, int height, char *error, int error_capacity) {
  if (ensure_started() != 0) {
    take_error(error, error_capacity, "libvips could not start");
    return NULL;
  }
  // The header alone (lazy): whether there is a colour profile to convert from. An sRGB image
  // without one is taken as sRGB already, and `export_profile` would still run it through an
  // sRGB-to-sRGB transform, a third of the decode's time for a 1440-wide copy.
  VipsImage *header = vips_image_new_from_buffer(bytes, length, "", NULL);
  if (!header) {
    take_error(error, error_capacity, "the image could not be read");
    return NULL;
  }
  gboolean converts = vips_image_get_typeof(header, VIPS_META_ICC_NAME) != 0 ||
                      vips_image_guess_interpretation(header) != VIPS_INTERPRETATION_sRGB;
  g_object_unref(header);
  // A height no image reaches lets the width decide; VIPS_SIZE_DOWN never enlarges. The
  // embedded ICC profile, when there is one, takes the pixels into sRGB (export_profile). In
  // 8.14 thumbnail_buffer takes a `fail_on` argument but never hands it to the loader (libvips
  // issue 5195): a truncated JPEG came out grey at the bottom. The loader's option string
  // reaches it.
  // With a height, the image is cut to exactly that box around its centre (a link preview's
  // 1200×630) once its shorter side fits.
  VipsImage *thumbnail = NULL;
  int failed;
  if (height > 0) {
    failed = converts ? vips_thumbnail_buffer((void *)bytes, length, &thumbnail, width, "height", height, "size",
                            VIPS_SIZE_DOWN, "crop", VIPS_INTERESTING_CENTRE, "export_profile", "srgb",
                            "option_string", "fail_on=error", NULL)
                      : vips_thumbnail_buffer((void *)bytes, length, &thumbnail, width, "height", height, "size",
                            VIPS_SIZE_DOWN, "crop", VIPS_INTERESTING_CENTRE, "option_string", "fail_on=error", NULL);
  } else {
    failed = converts ? vips_thumbnail_buffer((void *)bytes, length, &thumbnail, width, "height", 10000000,
                            "size", VIPS_SIZE_DOWN, "export_profile", "srgb", "option_string", "fail_on=error", NULL)
                      : vips_thumbnail_buffer((void *)bytes, length, &thumbnail, width, "height", 10000000,
                            "size", VIPS_SIZE_DOWN, "option_string", "fail_on=error", NULL);
  }
  if (failed) {
    take_error(error, error_capacity, "the image could not be read");
    return NULL;
  }
  // The pixels are decoded here, into memory the size of the copy, before any encoder sees
  // them: 8.14's webpsave leaks its frame (about 2 bytes a pixel) each time the decoder fails
  // under it, which a fuzz run took to a gigabyte.
  VipsImage *decoded = vips_image_copy_memory(thumbnail);
  g_object_unref(thumbnail);
  if (!decoded) {
    take_error(error, error_capacity, "the image could not be decoded");
    return NULL;
  }
  return (folio_vips_decoded *)decoded;
}

int folio_vips_encode(folio_vips_decoded *decoded, int width, int format, int quality, int effort, void **output,
    size_t *output_length, char *error, int error_capacity) {
  *output = NULL;
  *output_length = 0;
  // Every image made here belongs to `scope` and goes with it.
  VipsObject *scope = VIPS_OBJECT(vips_image_new());
  VipsImage **t = (VipsImage **)vips_object_local_array(scope, 3);
  VipsImage *image = (VipsImage *)decoded;
  int failed = 0;
  // Narrower copies are made from the decoded pixels (in memory: no second decode), with the
  // kernel vips_thumbnail uses.
  if (width > 0 && width < vips_image_get_width(image)) {
    double scale = (double)width / vips_image_get_width(image);
    failed = vips_resize(image, &t[0], scale, "kernel", VIPS_KERNEL_LANCZOS3, NULL);
    image = t[0];
  }
  // JPEG has no alpha: transparent parts become white, as they show on most pages, not black.
  if (!failed && format == FOLIO_VIPS_JPEG && vips_image_hasalpha(image)) {
    VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
    failed = vips_flatten(image, &t[1], "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    image = t[1];
  }
  if (!failed && image != (VipsImage *)decoded) {
    t[2] = vips_image_copy_memory(image);
    failed = t[2] == NULL;
    image = t[2];
  }
  if (!failed) failed = save(image, format, quality, effort, output, output_length);
  g_object_unref(scope);
  if (failed) {
    if (*output) g_free(*output);
    *output = NULL;
    *output_length = 0;
    take_error(error, error_capacity, "the image could not be encoded");
    return -1;
  }
  return 0;
}

void folio_vips_release(folio_vips_decoded *image) {
  if (image) g_object_unref((VipsImage *)image);
}

int folio_vips_resize(
    const void *bytes, size_t length, int width, int height, int format, int quality, int effort,
    void **output, size_t *output_length, char *error, int error_capacity) {
  *output = NULL;
  *output_length = 0;
  folio_vips_decoded *image = folio_vips_decode(bytes, length, width, height, error, error_capacity);
  if (!image) return -1;
  int failed = folio_vips_encode(image, width, format, quality, effort, output, output_length, error, error_capacity);
  folio_vips_release(image);
  return failed;
}

int folio_vips_make_test_image(
    int width, int height, int format, const char *profile, void **output, size_t *output_length) {
  if (ensure_started() != 0) return -1;
  VipsObject *scope = VIPS_OBJECT(vips_image_new());
  VipsImage **t = (VipsImage **)vips_object_local_array(scope, 8);
  // Red across, green down, blue noisy: smooth enough to compress like a photo, varied enough
  // that a wrong colour conversion shows.
  int failed = vips_xyz(&t[0], width, height, NULL) ||
               vips_linear1(t[0], &t[1], 255.0 / (width > height ? width : height), 0.0, NULL) ||
               vips_gaussnoise(&t[2], width, height, "mean", 128.0, "sigma", 30.0, NULL) ||
               vips_bandjoin2(t[1], t[2], &t[3], NULL) || vips_cast_uchar(t[3], &t[4], NULL) ||
               vips_copy(t[4], &t[5], "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
  VipsImage *image = failed ? NULL : t[5];
  if (!failed && profile) {
    failed = vips_icc_transform(image, &t[6], profile, "input_profile", "srgb", NULL);
    image = t[6];
  }
  if (!failed) {
    if (profile)
      failed = format == FOLIO_VIPS_PNG
                   ? vips_pngsave_buffer(image, output, output_length, NULL)
                   : vips_jpegsave_buffer(image, output, output_length, "Q", 90, NULL);
    else if (format == FOLIO_VIPS_TEST_HEIC)
      failed = vips_heifsave_buffer(image, output, output_length, "compression",
          VIPS_FOREIGN_HEIF_COMPRESSION_HEVC, "Q", 90, "strip", TRUE, NULL);
    else
      failed = save(image, format, 90, 4, output, output_length);
  }
  g_object_unref(scope);
  if (failed) vips_error_clear();
  return failed ? -1 : 0;
}

int folio_vips_make_test_animation(int width, int height, int pages, void **output, size_t *output_length) {
  if (ensure_started() != 0) return -1;
  VipsObject *scope = VIPS_OBJECT(vips_image_new());
  VipsImage **t = (VipsImage **)vips_object_local_array(scope, 3);
  // Frames stacked top to bottom, as libvips holds them, told apart by `page-height`.
  int failed = vips_gaussnoise(&t[0], width, height * pages, "mean", 128.0, "sigma", 30.0, NULL) ||
               vips_cast_uchar(t[0], &t[1], NULL) || vips_copy(t[1], &t[2], NULL);
  if (!failed) {
    vips_image_set_int(t[2], VIPS_META_PAGE_HEIGHT, height);
    failed = vips_gifsave_buffer(t[2], output, output_length, NULL);
  }
  g_object_unref(scope);
  if (failed) vips_error_clear();
  return failed ? -1 : 0;
}

int folio_vips_pixel(const void *bytes, size_t length, int x, int y, double *values, int capacity) {
  if (ensure_started() != 0) return -1;
  VipsImage *image = vips_image_new_from_buffer(bytes, length, "", NULL);
  if (!image) {
    vips_error_clear();
    return -1;
  }
  double *vector = NULL;
  int bands = 0;
  int failed = vips_getpoint(image, &vector, &bands, x, y, NULL);
  g_object_unref(image);
  if (failed) {
    vips_error_clear();
    return -1;
  }
  for (int band = 0; band < bands && band < capacity; band++) values[band] = vector[band];
  g_free(vector);
  return bands;
}
