// The reference side of the Markdown differential: cmark-gfm's own parser and HTML renderer,
// called directly, as the cmark-gfm CLI calls them.
#ifndef FOLIO_FUZZ_CMARK_REFERENCE_H
#define FOLIO_FUZZ_CMARK_REFERENCE_H

#include <stddef.h>
// For the `CMARK_OPT_*` options, which Swift reads from here.
#include <cmark-gfm.h>

/// The extensions to attach, one bit each, in the order the cmark-gfm CLI attaches `-e` flags
/// and Folio's `MarkdownExtension.allCases` lists them (footnotes is an option, not a bit).
enum {
  REFERENCE_TABLE = 1 << 0,
  REFERENCE_STRIKETHROUGH = 1 << 1,
  REFERENCE_AUTOLINK = 1 << 2,
  REFERENCE_TAGFILTER = 1 << 3,
  REFERENCE_TASKLIST = 1 << 4,
};

/// Parses `length` bytes with `options` (`CMARK_OPT_*`, used for parsing and rendering alike)
/// and the extensions in `extensions`, and renders them with `cmark_render_html`. Returns a
/// buffer the caller frees with `reference_free`, and its length in `*html_length`.
char *reference_render_html(const char *text, size_t length, int options, unsigned extensions,
                            size_t *html_length);

/// Frees what `reference_render_html` returned.
void reference_free(char *html);

#endif
