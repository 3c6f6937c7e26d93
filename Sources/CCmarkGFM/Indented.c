// Indented blocks from Python-Markdown and its extensions, which MkDocs sites are written in, as
// cmark-gfm block syntax extensions: admonitions (`!!! note "Title"`), collapsible ones
// (`??? note`, `???+ note`, pymdownx.details) and content tabs (`=== "Tab"`, pymdownx.tabbed).
// Each opens on its marker line and holds the lines after it that are blank or indented by four
// columns, which it takes (as a list item takes its indentation): without it, cmark-gfm reads that
// content as an indented code block, or as the marker paragraph's continuation.
//
// The opening line (after at most three spaces of indentation) is the marker, then a space, then
// for `!!!` and `???` a word (the type) or a quoted title, for `===` a quoted label; it may
// interrupt a paragraph, as Python-Markdown's patterns allow. The rest of the line is read back by
// the Swift walker (CMarkTreeWalker+Indented) from the source. cmark-gfm decides nesting, lazy
// continuation and source positions. Every nested block takes four columns of each line it
// continues, so a line is asked about by at most a quarter of its length of them: the parse stays
// linear without a depth limit.
#include "CCmarkGFM.h"

#include <cmark-gfm-extension_api.h>
#include <pthread.h>

// One extension per set of kinds read (bit 1: admonitions and collapsible ones, bit 2: tabs).
static cmark_syntax_extension *extensions[4];
static cmark_node_type indented_type;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static bool is_space(unsigned char c) { return c == ' ' || c == '\t'; }
static bool is_word(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// Swallows the rest of the line (which ends in the '\n' cmark-gfm adds).
static void consume_line(cmark_parser *parser, unsigned char *input, int len) {
  int rest = len - 1 - cmark_parser_get_offset(parser);
  if (rest > 0) cmark_parser_advance_offset(parser, (const char *)input, rest, 0);
}

// The kind of marker at `input[pos]` (FOLIO_INDENTED_ADMONITION, _DETAILS, _TAB) when the line opens
// a block, else 0.
static int marker_kind(const unsigned char *input, int len, int pos) {
  if (pos + 3 > len) return 0;
  unsigned char c = input[pos];
  if ((c != '!' && c != '?' && c != '=') || input[pos + 1] != c || input[pos + 2] != c) return 0;
  pos += 3;
  int kind = c == '!' ? FOLIO_INDENTED_ADMONITION : c == '?' ? FOLIO_INDENTED_DETAILS : FOLIO_INDENTED_TAB;
  if (kind == FOLIO_INDENTED_DETAILS && pos < len && input[pos] == '+') pos++;
  if (kind == FOLIO_INDENTED_TAB) {
    // `===!` starts a new group, `===+` is the selected tab; both may be written.
    for (int i = 0; i < 2 && pos < len && (input[pos] == '!' || input[pos] == '+'); i++) pos++;
  }
  if (pos >= len || !is_space(input[pos])) return 0;
  while (pos < len && is_space(input[pos])) pos++;
  if (pos >= len) return 0;
  if (input[pos] == '"') return kind;
  return kind != FOLIO_INDENTED_TAB && is_word(input[pos]) ? kind : 0;
}

static cmark_node *open_indented(cmark_syntax_extension *self, int indented, cmark_parser *parser,
                                 cmark_node *parent, unsigned char *input, int len) {
  if (indented) return NULL;
  int first = cmark_parser_get_first_nonspace(parser);
  int kind = marker_kind(input, len, first);
  uintptr_t kinds = (uintptr_t)cmark_syntax_extension_get_private(self);
  if (kind == 0 || !(kinds & (kind == FOLIO_INDENTED_TAB ? 2u : 1u))) return NULL;
  cmark_node *node = cmark_parser_add_child(parser, parent, indented_type, first + 1);
  cmark_node_set_syntax_extension(node, self);
  cmark_node_set_user_data(node, (void *)(uintptr_t)kind);
  consume_line(parser, input, len);
  return node;
}

static int match_indented(cmark_syntax_extension *self, cmark_parser *parser, unsigned char *input, int len,
                          cmark_node *container) {
  (void)self;
  (void)len;
  (void)container;
  if (cmark_parser_is_blank(parser)) return 1;
  if (cmark_parser_get_indent(parser) < 4) return 0;
  cmark_parser_advance_offset(parser, (const char *)input, 4, 1);
  return 1;
}

static int can_contain(cmark_syntax_extension *self, cmark_node *node, cmark_node_type child) {
  (void)self;
  (void)node;
  return (child & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK && child != CMARK_NODE_ITEM &&
         child != CMARK_NODE_DOCUMENT;
}

static const char *type_string(cmark_syntax_extension *self, cmark_node *node) {
  (void)self;
  (void)node;
  return "folio_indented";
}

// As Containers.c: cmark-gfm's HTML renderer must not meet an unknown node (a footnote definition
// holding one is rendered by it to count references); the children render as they are.
static void render_html(cmark_syntax_extension *self, struct cmark_html_renderer *renderer, cmark_node *node,
                        cmark_event_type event, int options) {
  (void)self;
  (void)renderer;
  (void)node;
  (void)event;
  (void)options;
}

static void set_up(void) {
  indented_type = cmark_syntax_extension_add_node(0);  // 0: a block type
  static const char *const names[4] = {NULL, "folio-indented-1", "folio-indented-2", "folio-indented-3"};
  for (int i = 1; i < 4; i++) {
    cmark_syntax_extension *extension = cmark_syntax_extension_new(names[i]);
    cmark_syntax_extension_set_private(extension, (void *)(uintptr_t)i, NULL);
    cmark_syntax_extension_set_open_block_func(extension, open_indented);
    cmark_syntax_extension_set_match_block_func(extension, match_indented);
    cmark_syntax_extension_set_can_contain_func(extension, can_contain);
    cmark_syntax_extension_set_get_type_string_func(extension, type_string);
    cmark_syntax_extension_set_html_render_func(extension, render_html);
    extensions[i] = extension;
  }
}

cmark_syntax_extension *folio_indented_extension(int kinds) {
  pthread_once(&setup_once, set_up);
  return kinds > 0 && kinds < 4 ? extensions[kinds] : NULL;
}

cmark_node_type folio_node_type_indented(void) {
  pthread_once(&setup_once, set_up);
  return indented_type;
}

int folio_indented_kind(cmark_node *node) {
  return cmark_node_get_type(node) == folio_node_type_indented() ? (int)(uintptr_t)cmark_node_get_user_data(node)
                                                                   : 0;
}
