// The one header Folio reads from cmark-gfm: the core API, the GFM core extensions, and
// `folio_cmark_parse`, which parses safely on many threads at once (InlineTable.c).
#ifndef FOLIO_CCMARKGFM_H
#define FOLIO_CCMARKGFM_H

#include <stdbool.h>
#include <stddef.h>
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

// The node types of the table and strikethrough extensions are assigned when the extensions
// register; read them through functions so Swift sees no mutable C globals.
extern cmark_node_type CMARK_NODE_TABLE, CMARK_NODE_TABLE_ROW, CMARK_NODE_TABLE_CELL,
    CMARK_NODE_STRIKETHROUGH;
static inline cmark_node_type folio_node_type_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type folio_node_type_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type folio_node_type_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type folio_node_type_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }

/// Feeds `length` bytes of `text` to `parser` and finishes it: the document, or NULL.
///
/// cmark-gfm keeps the special characters of inline extensions (`~`, `:`, `w`, `|`) in one
/// process-wide table, which every parse adds its extensions' characters to when it starts parsing
/// inlines and removes them from when it is done. Two parses at once on different threads lose
/// strikethrough and autolinks at random. This function makes that safe;
/// see InlineTable.c for how.
cmark_node *folio_cmark_parse(cmark_parser *parser, const char *text, size_t length);

/// Whether parses on different threads run at the same time (the table is Folio's: cmark-gfm is
/// linked statically with its table calls wrapped), or one at a time.
bool folio_cmark_parses_concurrently(void);

/// Fenced containers (Containers.c): the one extension that reads the kinds in `kinds`, a set
/// of bits (1 `:::message`, 2 `:::note`, 4 `:::details`), made once per process; NULL for 0 or
/// another number.
cmark_syntax_extension *folio_container_extension(int kinds);

/// How many fenced containers may hold one another: a line that would open one inside as many
/// others is not an opening line (it is text, or continues a paragraph) and is reported through
/// `folio_container_too_deep`. cmark-gfm asks every open container about every line, so the
/// work per line grows with this number (with no limit, 64,000 `:::message` lines took seconds).
/// 32: pages on Zenn and Qiita nest two or three (`::::details` around `:::message`); Zenn's
/// markdown-it stops reading blocks 100 levels deep, counting every block and paragraph, not only
/// containers. MarkdownParser.maximumContainerDepth and the site's Limits.containerDepth are this.
#define FOLIO_CONTAINER_MAX_DEPTH 32

/// A line that would have opened a container deeper than FOLIO_CONTAINER_MAX_DEPTH: its number and
/// the column of its first colon as cmark-gfm counts them, its colons, and the kind it names (1
/// `message`, 2 `note`, 4 `details`, as in `folio_container_extension`).
typedef struct {
  int line, column, colons, kind;
} folio_container_position;

/// Whether the parse of `document` met a line that would have opened a container deeper than
/// FOLIO_CONTAINER_MAX_DEPTH, and if so the first such line in `position`.
bool folio_container_too_deep(cmark_node *document, folio_container_position *position);

/// The steps the container extensions have taken on the calling thread since it started: callbacks,
/// blocks walked and bytes read. For tests that check the work grows linearly with a page.
unsigned long folio_container_steps(void);

/// The node type of every fenced container.
cmark_node_type folio_node_type_container(void);

/// Whether `node` is the closing fence a container holds as its last child (its line, for the
/// container's end position; not content).
bool folio_node_is_closing_fence(cmark_node *node);

/// Indented blocks from Python-Markdown (Indented.c): admonitions `!!! type "Title"`, collapsible
/// ones `??? type`/`???+ type` and content tabs `=== "Label"`, each holding the lines after it
/// that are blank or indented four columns. The extension that reads `kinds` (bit 1: admonitions
/// and collapsible ones, bit 2: tabs), made once per process; NULL for 0 or another number.
cmark_syntax_extension *folio_indented_extension(int kinds);

/// The kinds of indented block, as `folio_indented_kind` gives them.
#define FOLIO_INDENTED_ADMONITION 1
#define FOLIO_INDENTED_DETAILS 2
#define FOLIO_INDENTED_TAB 3

/// The node type of every indented block.
cmark_node_type folio_node_type_indented(void);

/// The kind of an indented block (FOLIO_INDENTED_…), or 0 for any other node.
int folio_indented_kind(cmark_node *node);

/// TeX formulas (Math.c): the extension for `$…$`, `$$…$$`, `` $`…`$ `` and `$$` blocks, made
/// once per process.
cmark_syntax_extension *folio_math_extension(void);

/// Whether `node` is a formula within a line: a code span that the math extension owns.
bool folio_node_is_math(cmark_node *node);

/// Whether `node` is a `$$` block: a code block that the math extension owns.
bool folio_node_is_math_block(cmark_node *node);

/// Where a `$$` block ends (its closing `$$`, or its last line that is not blank), and whether
/// it was closed.
bool folio_math_block_end(cmark_node *node, int *line, int *column);

/// Where a formula within a line is: its line, the columns of its first and last delimiter
/// characters and of its TeX's first and last bytes; the TeX's length; whether it is display math.
typedef struct {
  size_t length;
  int line, start_column, end_column, content_start_column, content_end_column;
  bool display;
} folio_math_position;

/// A formula's TeX (`position->length` bytes, then a NUL) and where it is.
const char *folio_math_inline(cmark_node *node, folio_math_position *position);

#endif
