// The C door to toml++ (Debian libtomlplusplus-dev, header-only C++17): the only header Swift
// sees. TOMLDocument.cpp parses with toml++ and hands back the whole tree as one flat buffer of
// plain records, so no toml++ type crosses this line and nothing needs freeing node by node.
#ifndef FOLIO_C_TOML_H
#define FOLIO_C_TOML_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What folio_toml_parse returns. On success `tree` holds the document's records (below) and
/// `message` is NULL; on failure `tree` is NULL and `message` is toml++'s description (UTF-8,
/// NUL-terminated) at `line`, `column` (1-based; the column in UTF-8 bytes). Free it with
/// folio_toml_result_free.
///
/// The records, in native byte order, each a node: a tag byte, then the node's line and
/// column (uint32 each), then by tag:
///   't' table: uint32 count, then count times (key: uint32 line, uint32 column, uint32 length,
///       bytes; then the value node)
///   'a' array: uint32 count, then count nodes
///   's' string, 'd' local date, 'T' local time, 'L' local date-time, 'D' offset date-time:
///       uint32 length, then UTF-8 bytes (dates in RFC 3339 form, offsets kept)
///   'i' int64, 'f' double (8 bytes each), 'b' one byte 0 or 1
typedef struct folio_toml_result {
  uint8_t *tree;
  size_t tree_length;
  char *message;
  uint32_t line;
  uint32_t column;
} folio_toml_result;

/// Parses `length` bytes of TOML 1.0; a document whose tables and arrays nest deeper than
/// `max_depth` is refused with a message at the first node past it.
///
/// toml++ limits inline nesting to 256 levels but not dotted keys (`a.a.a… = 1` or `[a.a.a…]`),
/// and after parsing it walks the tree recursively, once per level: the parse therefore runs
/// on a thread of its own with a stack of `stack_bytes` bytes, which the caller sizes from
/// `length` (a level takes at least two bytes of input), and the tree is freed from its leaves
/// up, without recursion.
folio_toml_result folio_toml_parse(const char *bytes, size_t length, uint32_t max_depth, size_t stack_bytes);

/// Frees what folio_toml_parse allocated.
void folio_toml_result_free(folio_toml_result *result);

#ifdef __cplusplus
}
#endif

#endif
