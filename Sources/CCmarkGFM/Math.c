// TeX formulas as a cmark-gfm syntax extension, so that their content is never read as Markdown
// (`a_1 * b_2`, `\\`, `\{` stay as written): `$…$` and `$$…$$` within a line (Zenn's
// markdown-it-katex, GitHub), GitHub's `` $`…`$ ``, and a `$$` block, whose lines are raw like
// a fence's.
//
// Inline, at a `$` (a backslash before it has already made it text, as `\$`):
// - `` $` ``: GitHub's form; closes at the same number of backticks followed by `$`.
// - `$$`: display math, up to the next `$$` that no odd run of backslashes escapes.
// - `$`: opens unless a space or tab follows; closes at the next unescaped `$`, which must not
//   follow a space or tab nor come before a digit (so `$5 and $6` stays text), as
//   markdown-it-katex decides. When that `$` cannot close, the opening one is text and the
//   search starts again there.
// A formula stays on its line: cmark-gfm's inline parser counts lines only where it reads line
// ends itself, and a formula read past one would shift the positions of everything after it.
// The node is a code span that this extension owns (a table cell accepts only the core inline
// types as children) and keeps its TeX and its position (line, first and last column) in its
// user data, since the extension API cannot set an inline node's position.
//
// A block opens on a line that is (after at most three spaces) `$$` and nothing else but spaces,
// and closes on the next such line. The block is a fenced code block that this extension owns:
// its lines are added raw by cmark-gfm, its blank lines do not loosen a list, and it can
// interrupt a paragraph, as a fence can. The extension's match function keeps it open (cmark-gfm
// asks an extension's block, not the code-block rules), swallows the closing line and declines
// the line after it; it records where the block really ended, since cmark-gfm, finalizing it
// one line later, would say that next line.
#include "CCmarkGFM.h"

#include <cmark-gfm-extension_api.h>
// For the parser's allocator only (`parser->mem`), which the 0.29 API has no getter for: a
// node's user data must come from it, as a parse's arena (CMarkArena) is never freed node by
// node. Debian's libcmark-gfm-dev installs this header with the static archive Folio links,
// so the layout is the one compiled in.
#include <cmark-gfm/parser.h>
#include <pthread.h>
#include <stdint.h>

static cmark_syntax_extension *math_extension;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

typedef struct {
  int line, start_column, end_column, content_start_column, content_end_column;
  bool display;
  size_t length;
  char tex[];
} inline_math;

typedef struct {
  bool closed;
  int end_line, end_column;
} block_math;

bool folio_node_is_math(cmark_node *node);

static void free_user_data(cmark_mem *mem, void *data) { mem->free(data); }

// The byte at `pos` of the text being parsed, or 0 past its end: cmark-gfm's own
// `cmark_inline_parser_peek_at` does not check, and a slice of a larger buffer has no NUL there.
static unsigned char at(cmark_inline_parser *inline_parser, int pos) {
  cmark_chunk *chunk = cmark_inline_parser_get_chunk(inline_parser);
  return pos >= 0 && pos < chunk->len ? chunk->data[pos] : 0;
}

static bool is_space(unsigned char c) { return c == ' ' || c == '\t'; }
static bool is_line_end(unsigned char c) { return c == '\n' || c == '\r' || c == 0; }
static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// Whether an odd number of backslashes comes right before `pos` (at or after `start`).
static bool is_escaped(cmark_inline_parser *inline_parser, int start, int pos) {
  int count = 0;
  while (pos - 1 - count >= start && at(inline_parser, pos - 1 - count) == '\\') count++;
  return count % 2 == 1;
}

// The position of the next `$` (or `$$` when `pair`) on the line from `pos` that no backslash
// escapes, or -1.
static int find_closing(cmark_inline_parser *inline_parser, int start, int pos, bool pair) {
  for (;; pos++) {
    unsigned char c = at(inline_parser, pos);
    if (is_line_end(c)) return -1;
    if (c != '$' || is_escaped(inline_parser, start, pos)) continue;
    if (!pair || at(inline_parser, pos + 1) == '$') return pos;
  }
}

// Where the last search for the closing of a `` $` `` found none: every later opener with as
// many backticks on that line of that text would scan the same rest of the line and fail too, so
// a line of many unclosed `` $` `` costs linear time, not quadratic.
static _Thread_local struct {
  const unsigned char *text;
  int line, ticks, from;
} failed_backticks;

// GitHub's `` $`tex`$ ``: the position of the closing backticks, or -1.
static int find_backtick_closing(cmark_inline_parser *inline_parser, int pos, int ticks) {
  const unsigned char *text = cmark_inline_parser_get_chunk(inline_parser)->data;
  int line = cmark_inline_parser_get_line(inline_parser);
  if (failed_backticks.text == text && failed_backticks.line == line && failed_backticks.ticks == ticks &&
      pos >= failed_backticks.from) {
    return -1;
  }
  int start = pos;
  for (; !is_line_end(at(inline_parser, pos)); pos++) {
    if (at(inline_parser, pos) != '`') continue;
    int run = 0;
    while (at(inline_parser, pos + run) == '`') run++;
    if (run == ticks && at(inline_parser, pos + run) == '$') return pos;
    pos += run - 1;
  }
  failed_backticks.text = text;
  failed_backticks.line = line;
  failed_backticks.ticks = ticks;
  failed_backticks.from = start;
  return -1;
}

static cmark_node *make_inline(cmark_syntax_extension *self, cmark_parser *parser, cmark_inline_parser *inline_parser,
                               int open, int content, int content_end, int end, bool display) {
  cmark_mem *mem = parser->mem;
  size_t length = (size_t)(content_end - content);
  inline_math *math = mem->calloc(1, sizeof(inline_math) + length + 1);
  for (size_t i = 0; i < length; i++) {
    math->tex[i] = (char)at(inline_parser, content + (int)i);
  }
  math->length = length;
  math->display = display;
  math->line = cmark_inline_parser_get_line(inline_parser);
  math->start_column = cmark_inline_parser_get_column(inline_parser);
  math->end_column = math->start_column + (end - open) - 1;
  math->content_start_column = math->start_column + (content - open);
  math->content_end_column = math->start_column + (content_end - open) - 1;
  cmark_node *node = cmark_node_new_with_mem_and_ext(CMARK_NODE_CODE, mem, self);
  cmark_node_set_user_data(node, math);
  cmark_node_set_user_data_free_func(node, free_user_data);
  cmark_inline_parser_set_offset(inline_parser, end);
  return node;
}

// Whether the last formula ended right before the current position: a formula that ended at `pos`: `$a$$b$` is two formulas.
static bool follows_formula(cmark_node *parent, cmark_inline_parser *inline_parser) {
  cmark_node *last = cmark_node_last_child(parent);
  if (!last || !folio_node_is_math(last)) return false;
  inline_math *math = cmark_node_get_user_data(last);
  return math && math->line == cmark_inline_parser_get_line(inline_parser) &&
         math->end_column == cmark_inline_parser_get_column(inline_parser) - 1;
}

static cmark_node *match_inline(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *parent,
                                unsigned char character, cmark_inline_parser *inline_parser) {
  if (character != '$') return NULL;
  int open = cmark_inline_parser_get_offset(inline_parser);
  unsigned char next = at(inline_parser, open + 1);
  // The second `$` of a `$$` that did not make a formula is text too (but not after `\$`).
  if (open > 0 && at(inline_parser, open - 1) == '$' &&
      !is_escaped(inline_parser, 0, open - 1) && !follows_formula(parent, inline_parser)) {
    return NULL;
  }
  if (next == '`') {
    int ticks = 0;
    while (at(inline_parser, open + 1 + ticks) == '`') ticks++;
    int close = find_backtick_closing(inline_parser, open + 1 + ticks, ticks);
    if (close < 0 || close == open + 1 + ticks) return NULL;
    return make_inline(self, parser, inline_parser, open, open + 1 + ticks, close, close + ticks + 1, false);
  }
  if (next == '$') {
    int close = find_closing(inline_parser, open + 2, open + 2, true);
    if (close < 0 || close == open + 2) return NULL;
    return make_inline(self, parser, inline_parser, open, open + 2, close, close + 2, true);
  }
  if (is_space(next) || is_line_end(next)) return NULL;
  int close = find_closing(inline_parser, open + 1, open + 1, false);
  if (close < 0 || is_space(at(inline_parser, close - 1)) ||
      is_digit(at(inline_parser, close + 1))) {
    return NULL;
  }
  return make_inline(self, parser, inline_parser, open, open + 1, close, close + 1, false);
}

// Whether the line from `pos` is `$$` and then only spaces.
static bool is_fence_line(const unsigned char *input, int len, int pos) {
  if (pos + 1 >= len || input[pos] != '$' || input[pos + 1] != '$') return false;
  for (pos += 2; pos < len && !is_line_end(input[pos]); pos++) {
    if (!is_space(input[pos])) return false;
  }
  return true;
}

static int line_length(const unsigned char *input, int len) {
  while (len > 0 && (input[len - 1] == '\n' || input[len - 1] == '\r')) len--;
  return len;
}

static cmark_node *open_block(cmark_syntax_extension *self, int indented, cmark_parser *parser, cmark_node *parent,
                              unsigned char *input, int len) {
  int pos = cmark_parser_get_first_nonspace(parser);
  if (indented || !is_fence_line(input, len, pos)) return NULL;
  cmark_node *node = cmark_parser_add_child(parser, parent, CMARK_NODE_CODE_BLOCK, pos + 1);
  cmark_node_set_syntax_extension(node, self);
  cmark_node_set_fenced(node, 1, 2, pos - cmark_parser_get_offset(parser), '$');
  block_math *math = parser->mem->calloc(1, sizeof(block_math));
  math->end_line = cmark_parser_get_line_number(parser);
  math->end_column = pos + 2;
  cmark_node_set_user_data(node, math);
  cmark_node_set_user_data_free_func(node, free_user_data);
  // The rest of the line (spaces) is the first line of the content, which cmark-gfm takes as
  // the info string: empty.
  cmark_parser_advance_offset(parser, (const char *)input, pos + 2 - cmark_parser_get_offset(parser), 0);
  return node;
}

static int match_block(cmark_syntax_extension *self, cmark_parser *parser, unsigned char *input, int len,
                       cmark_node *container) {
  (void)self;
  block_math *math = cmark_node_get_user_data(container);
  if (!math || math->closed) return 0;
  int line = cmark_parser_get_line_number(parser);
  int pos = cmark_parser_get_first_nonspace(parser);
  if (cmark_parser_get_indent(parser) < 4 && is_fence_line(input, len, pos)) {
    math->closed = true;
    math->end_line = line;
    math->end_column = pos + 2;
    cmark_parser_advance_offset(parser, (const char *)input, len - cmark_parser_get_offset(parser), 0);
    return 1;
  }
  // Up to the opening fence's indentation is not content, as in a fenced code block.
  int length = 0, offset = 0;
  char character = 0;
  cmark_node_get_fenced(container, &length, &offset, &character);
  while (offset-- > 0 && cmark_parser_get_offset(parser) < len && is_space(input[cmark_parser_get_offset(parser)])) {
    cmark_parser_advance_offset(parser, (const char *)input, 1, 1);
  }
  if (!cmark_parser_is_blank(parser)) {
    math->end_line = line;
    math->end_column = line_length(input, len);
  }
  return 1;
}

static int can_contain(cmark_syntax_extension *self, cmark_node *node, cmark_node_type child) {
  (void)self;
  (void)node;
  (void)child;
  return 0;
}

static const char *type_string(cmark_syntax_extension *self, cmark_node *node) {
  (void)self;
  return cmark_node_get_type(node) == CMARK_NODE_CODE ? "math" : "math_block";
}

// cmark-gfm's HTML renderer asserts on a node type it does not know; Folio renders the model,
// but reads footnote counts from cmark-gfm's HTML of a definition (CMarkFootnoteCounts), which
// may hold a formula.
static void render_html(cmark_syntax_extension *self, struct cmark_html_renderer *renderer, cmark_node *node,
                        cmark_event_type event, int options) {
  (void)self;
  (void)renderer;
  (void)node;
  (void)event;
  (void)options;
}

static void set_up(void) {
  cmark_syntax_extension *extension = cmark_syntax_extension_new("folio-math");
  cmark_syntax_extension_set_open_block_func(extension, open_block);
  cmark_syntax_extension_set_match_block_func(extension, match_block);
  cmark_syntax_extension_set_can_contain_func(extension, can_contain);
  cmark_syntax_extension_set_match_inline_func(extension, match_inline);
  cmark_syntax_extension_set_get_type_string_func(extension, type_string);
  cmark_syntax_extension_set_html_render_func(extension, render_html);
  cmark_mem *mem = cmark_get_default_mem_allocator();
  cmark_llist *characters = cmark_llist_append(mem, NULL, (void *)(uintptr_t)'$');
  cmark_syntax_extension_set_special_inline_chars(extension, characters);
  math_extension = extension;
}

cmark_syntax_extension *folio_math_extension(void) {
  pthread_once(&setup_once, set_up);
  return math_extension;
}

bool folio_node_is_math(cmark_node *node) {
  return cmark_node_get_type(node) == CMARK_NODE_CODE && math_extension &&
         cmark_node_get_syntax_extension(node) == math_extension;
}

bool folio_node_is_math_block(cmark_node *node) {
  return cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK && math_extension &&
         cmark_node_get_syntax_extension(node) == math_extension;
}

bool folio_math_block_end(cmark_node *node, int *line, int *column) {
  block_math *math = cmark_node_get_user_data(node);
  *line = math ? math->end_line : 0;
  *column = math ? math->end_column : 0;
  return math && math->closed;
}

const char *folio_math_inline(cmark_node *node, folio_math_position *position) {
  inline_math *math = cmark_node_get_user_data(node);
  folio_math_position none = {0, 0, 0, 0, 0, 0, false};
  if (!math) {
    *position = none;
    return "";
  }
  position->length = math->length;
  position->line = math->line;
  position->start_column = math->start_column;
  position->end_column = math->end_column;
  position->content_start_column = math->content_start_column;
  position->content_end_column = math->content_end_column;
  position->display = math->display;
  return math->tex;
}
