// The C door to KSyntaxHighlighting (KDE Frameworks 5, Qt 5): the only header Swift sees.
// Everything behind it is C++ with Qt types (SyntaxHighlighting.cpp); nothing here names one.
//
// A repository is not thread-safe (KSyntaxHighlighting loads definitions lazily into shared
// data): use each one from one thread at a time. Opening repositories on several threads at
// once is safe; the shim serialises it.
#ifndef FOLIO_C_SYNTAX_HIGHLIGHTING_H
#define FOLIO_C_SYNTAX_HIGHLIGHTING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A KSyntaxHighlighting::Repository with one highlighter, used from one thread at a time.
typedef struct folio_hl_repository folio_hl_repository;

/// A token: `length` UTF-8 bytes from `offset` of the highlighted buffer, in text style
/// `style` (KSyntaxHighlighting::Theme::TextStyle: 0 Normal … 30 Others).
typedef struct folio_hl_span {
  uint32_t offset;
  uint32_t length;
  uint32_t style;
} folio_hl_span;

/// The colours and font flags of one text style in a theme. Colours are 0xAARRGGBB; 0 means
/// the theme sets none.
typedef struct folio_hl_style {
  uint32_t text_color;
  uint32_t background_color;
  uint8_t bold;
  uint8_t italic;
  uint8_t underline;
  uint8_t strike_through;
} folio_hl_style;

/// Loads the definitions and themes Debian installed (and any in $XDG_DATA_DIRS). Never NULL.
folio_hl_repository *folio_hl_repository_open(void);
/// Frees a repository from folio_hl_repository_open.
void folio_hl_repository_free(folio_hl_repository *repository);

/// Frees what a folio_hl_ function allocated for its caller (lists and spans).
void folio_hl_free(void *allocation);

/// Every definition, one a line: `name \t section \t hidden (0|1) \t extensions (;-separated)`,
/// UTF-8, NUL-terminated, allocated with malloc: the caller frees it with folio_hl_free().
char *folio_hl_definitions(folio_hl_repository *repository);
/// Every theme name, one a line, as folio_hl_definitions.
char *folio_hl_themes(folio_hl_repository *repository);

/// Highlights `length` bytes of UTF-8 `text` with the definition named `definition` (exact,
/// case-sensitive, NUL-terminated). Lines end at `\n`; a `\r` before it is left out of the
/// line. Writes a malloc'd array of spans (adjacent spans of one style merged; text between
/// spans is Normal) to `*spans` and their count to `*count`; the caller frees `*spans` with
/// folio_hl_free(). Returns 0, or -1 when no definition has that name (nothing is allocated then).
/// The text must be valid UTF-8: offsets are counted in its bytes.
int folio_hl_highlight(
    folio_hl_repository *repository, const char *definition, const char *text, size_t length,
    folio_hl_span **spans, size_t *count);

/// The style `style` (0…30) of the theme named `theme`. Returns 0, or -1 when the theme does
/// not exist.
int folio_hl_theme_style(
    folio_hl_repository *repository, const char *theme, uint32_t style, folio_hl_style *result);
/// The editor colour `role` (KSyntaxHighlighting::Theme::EditorColorRole: 0 background,
/// 1 selection, 11 line numbers, …) of the theme named `theme`, 0xAARRGGBB; 0 when the theme
/// does not exist.
uint32_t folio_hl_theme_editor_color(folio_hl_repository *repository, const char *theme, uint32_t role);

#ifdef __cplusplus
}
#endif

#endif
