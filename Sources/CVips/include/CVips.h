// libvips (Debian libvips-dev) for the site's images, read only by the ImageProcessing target.
// libvips' calls take NULL-terminated lists of options, which Swift cannot call, so this file
// declares fixed-arity functions of Folio's own; only plain C types cross it (no GLib, no vips).
#ifndef FOLIO_CVIPS_H
#define FOLIO_CVIPS_H

#include <stddef.h>

/// Starts libvips once per process (later calls return the first call's result): no operation
/// cache (a site's images are each read once, and the cache would hold their pixels), only the
/// loaders libvips marks trusted, and `threads` worker threads per image (0: libvips' default,
/// one per core). The other calls start it with the default if nothing has. Returns 0, or -1
/// when libvips could not start.
int folio_vips_start(int threads);

/// Why libvips cannot be used ("libvips.so.42: cannot open shared object file …"), or "" when it
/// can. The library is opened on first use, by this call or any other.
const char *folio_vips_problem(void);

/// What a file's header says, read without decoding its pixels.
typedef struct folio_vips_description {
  /// The file's format as Folio names it ("jpeg", "png", "webp", "gif", "tiff", "heif", "avif"),
  /// or the libvips loader's name for any other format; NUL-terminated.
  char format[32];
  /// The size as shown: sides swapped when the EXIF orientation is 5–8.
  int width, height;
  /// Frames (1 for a still image), and the EXIF orientation (1–8; 1 when absent).
  int pages, orientation;
  /// 1 when any EXIF GPS field is present; 1 when EXIF, XMP or IPTC data is present.
  int has_gps, has_metadata;
} folio_vips_description;

/// Reads the header of the image in `bytes` into `description`. Returns 0; -2 when the bytes
/// are in no format Folio reads (JPEG, PNG, WebP, GIF, HEIF/AVIF, TIFF: only these loaders are
/// let near a file, whatever else libvips reads); -1 when the header is damaged. On failure `error` holds libvips'
/// message (NUL-terminated, cut to `error_capacity`).
int folio_vips_describe(
    const void *bytes, size_t length, folio_vips_description *description, char *error, int error_capacity);

/// Output formats of `folio_vips_resize`, and HEIF with HEVC (x265), which only
/// `folio_vips_make_test_image` writes.
enum { FOLIO_VIPS_JPEG = 0, FOLIO_VIPS_PNG = 1, FOLIO_VIPS_WEBP = 2, FOLIO_VIPS_AVIF = 3, FOLIO_VIPS_TEST_HEIC = 4 };

/// Decodes `bytes` (shrinking while it loads when the format allows), turns it upright by its
/// EXIF orientation, converts it to sRGB when it carries an ICC profile, makes it `width` pixels
/// wide (never wider than it is; with a `height` above 0, cut around its centre to
/// `width`×`height` once its shorter side fits) and encodes it as `format` at `quality` (1–100) and `effort`
/// (the encoder's speed trade: WebP 0–6, AVIF 0–9, PNG 0–9 as zlib level), with every piece of
/// metadata stripped. Any damage the decoder reports fails the call. Returns 0 with a buffer
/// the caller frees with `folio_vips_free`, or -1 with libvips' message in `error`.
int folio_vips_resize(
    const void *bytes, size_t length, int width, int height, int format, int quality, int effort,
    void **output, size_t *output_length, char *error, int error_capacity);

/// A photo decoded once by `folio_vips_decode`, for any number of `folio_vips_encode` calls
/// (from one thread at a time); freed with `folio_vips_release`.
typedef struct folio_vips_decoded folio_vips_decoded;

/// What `folio_vips_resize` does before encoding, once: the pixels of `bytes`, upright, in
/// sRGB, `width` pixels wide (never wider than they are; with a `height` above 0, cut around
/// the centre to `width`×`height` once the shorter side fits), held in memory. NULL with
/// libvips' message in `error` when the file cannot be read.
folio_vips_decoded *folio_vips_decode(
    const void *bytes, size_t length, int width, int height, char *error, int error_capacity);

/// `image` made `width` pixels wide (when it is wider) and encoded as `folio_vips_resize`
/// encodes; 0 with a buffer for `folio_vips_free`, or -1 with libvips' message in `error`.
int folio_vips_encode(folio_vips_decoded *image, int width, int format, int quality, int effort, void **output,
    size_t *output_length, char *error, int error_capacity);

/// Frees an image from `folio_vips_decode`.
void folio_vips_release(folio_vips_decoded *image);

/// Frees a buffer from `folio_vips_resize`, `folio_vips_encode` or `folio_vips_make_test_image`.
void folio_vips_free(void *buffer);

/// libvips' version ("8.14.1"), then libwebp's and libheif's, for cache keys:
/// "vips 8.14.1, webp 1.2.4, heif 1.15.1"; NUL-terminated, static.
const char *folio_vips_versions(void);

/// For tests: a `width`×`height` sRGB image of smooth colours and noise encoded as `format`
/// (as for `folio_vips_resize`; quality 90), with `profile` ("p3", or NULL for none) embedded
/// after converting its pixels into that profile. Returns 0 and a buffer for
/// `folio_vips_free`, or -1.
int folio_vips_make_test_image(
    int width, int height, int format, const char *profile, void **output, size_t *output_length);

/// For tests: an animated GIF of `pages` frames, each `width`×`height`. Returns 0 and a buffer
/// for `folio_vips_free`, or -1.
int folio_vips_make_test_animation(int width, int height, int pages, void **output, size_t *output_length);

/// For tests: decodes `bytes` fully and writes the bands of the pixel at (`x`, `y`) into
/// `values`. Returns the number of bands (at most `capacity` are written), or -1.
int folio_vips_pixel(const void *bytes, size_t length, int x, int y, double *values, int capacity);

#endif
