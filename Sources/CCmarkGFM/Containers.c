// Fenced containers, `:::message`, `:::note info`, `:::details Title` … `:::` (Zenn and Qiita),
// as a cmark-gfm block syntax extension: cmark-gfm decides nesting, lazy continuation and source
// positions, and the Swift walker reads the opening line back from the source (CMarkContainers).
//
// One extension per name (`folio-message`, `folio-note`, `folio-details`), so a parse attaches
// only the ones it wants; all three make nodes of one type. A container opens on a line that is
// (after at most three spaces of indentation) three or more colons, optional spaces and the name,
// then a space or the end of the line; it can interrupt a paragraph. It closes on a line of at
// least as many colons and nothing else but spaces: the outermost open container that the line
// closes is closed (as markdown-it-container, which Zenn uses, closes the first it finds), so a
// container around another needs more colons (`::::details` around `:::message`).
//
// Closing is the subtle part, as the extension API cannot finalize a block. The match function
// declines the closing line (the container ends there, with everything open inside it) and
// notes the line number in the node's user data; cmark-gfm then offers the line to the open
// functions, which see the container just declined as the last child and add a thematic break
// that swallows the line, marked as a closing fence. A thematic break, because cmark-gfm never
// counts its line as blank (a tight list around a container stays tight) and never continues a
// paragraph onto the next line through it. After parsing, the postprocess function moves each
// closing fence into its container as the last child, where the walker reads its end position
// and drops it. Nothing changes for a parse that does not attach these extensions.
//
// Depth. cmark-gfm asks every open block whether a line continues it, outermost first, on every
// line; a container takes no bytes of the lines it continues (a block quote takes its `>`, a list
// item its indentation), so with no limit each `:::message` line opened one more container and
// made every later line ask one more: 64,000 such lines asked about two billion times. So a
// container opens at most FOLIO_CONTAINER_MAX_DEPTH deep (counting the containers around it);
// a line that would open one deeper is left to the other blocks (a paragraph, or a continuation
// of the one open), and the first such line is kept in the parse's state for the Swift side to
// report. Every line then costs at most that many questions, and the whole parse is linear.
#include "CCmarkGFM.h"

#include <cmark-gfm-extension_api.h>
// For the parser's allocator only (`parser->mem`), which the 0.29 API has no getter for: the
// parse's state must come from it, as Math.c explains.
#include <cmark-gfm/parser.h>
#include <pthread.h>
#include <stdint.h>

enum { CONTAINER_KINDS = 3 };
static const char *const container_names[CONTAINER_KINDS] = {"message", "note", "details"};
// One extension per set of kinds read (bit i: container_names[i]), so that a parse attaches one
// and cmark-gfm calls one open callback per line, not one per kind.
enum { KIND_SETS = 1 << CONTAINER_KINDS };
static const char *const extension_names[KIND_SETS] = {
    NULL, "folio-containers-1", "folio-containers-2", "folio-containers-3",
    "folio-containers-4", "folio-containers-5", "folio-containers-6", "folio-containers-7"};
static cmark_syntax_extension *extensions[KIND_SETS];
static cmark_node_type container_type;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

// User data of a closing fence before and after the postprocess step moved it into its container.
static char pending_fence, placed_fence;

// What one parse keeps between callbacks, as the document's user data (made on first need): whether
// it has closing fences for the postprocess step to move, and the first line that would have opened
// a container too deep (line 0: none).
typedef struct {
  bool fences_pending;
  folio_container_position too_deep;
} parse_state;

// Steps the extension took on this thread: callbacks, blocks walked, bytes read by the closing-fence
// test. A count of work, not of time, for the tests that check it grows linearly with the page
// (folio_container_steps); a parse runs on one thread, so the count before and after it differ by
// exactly its steps.
static _Thread_local unsigned long steps;

// A container's user data: its colon count in the low 8 bits, above them the number of the line
// that closed it (0 while open).
static uintptr_t container_colons(cmark_node *node) { return (uintptr_t)cmark_node_get_user_data(node) & 0xff; }
static uintptr_t container_closing_line(cmark_node *node) {
  return (uintptr_t)cmark_node_get_user_data(node) >> 8;
}

static bool is_space(unsigned char c) { return c == ' ' || c == '\t'; }
static bool is_line_end(unsigned char c) { return c == '\n' || c == '\r' || c == 0; }

// The number of colons at `input[pos]` when the line is a closing fence (colons, then only
// spaces), else 0.
static int closing_colons(const unsigned char *input, int len, int pos) {
  int start = pos, colons = 0;
  while (pos < len && input[pos] == ':') pos++, colons++;
  if (colons >= 3) {
    while (pos < len && is_space(input[pos])) pos++;
  }
  steps += (unsigned long)(pos - start);
  if (colons < 3) return 0;
  return pos >= len || is_line_end(input[pos]) ? colons : 0;
}

static void free_state(cmark_mem *mem, void *data) { mem->free(data); }

// The parse's state, kept on `root`, its document; made on the first call.
static parse_state *state_of(cmark_parser *parser, cmark_node *root) {
  parse_state *state = cmark_node_get_user_data(root);
  if (state) return state;
  state = parser->mem->calloc(1, sizeof(parse_state));
  cmark_node_set_user_data(root, state);
  cmark_node_set_user_data_free_func(root, free_state);
  return state;
}

// Swallows the rest of the line, which always ends in the '\n' cmark-gfm adds: the line is then
// blank to the blocks after the extension's.
static void consume_line(cmark_parser *parser, unsigned char *input, int len) {
  int rest = len - 1 - cmark_parser_get_offset(parser);
  if (rest > 0) cmark_parser_advance_offset(parser, (const char *)input, rest, 0);
}

// The document `node` is in, and how many containers hold `node` (itself included). The walk is
// short: every block on the way took bytes of this line (a `>`, an indentation), but lists and
// containers, and there are at most FOLIO_CONTAINER_MAX_DEPTH of those.
static cmark_node *root_of(cmark_node *node, int *depth) {
  *depth = 0;
  for (;;) {
    steps++;
    if (cmark_node_get_type(node) == container_type) ++*depth;
    cmark_node *parent = cmark_node_parent(node);
    if (!parent) return node;
    node = parent;
  }
}

static cmark_node *open_closing_fence(cmark_parser *parser, cmark_node *parent, unsigned char *input, int len) {
  int pos = cmark_parser_get_first_nonspace(parser);
  cmark_node *fence = cmark_parser_add_child(parser, parent, CMARK_NODE_THEMATIC_BREAK, pos + 1);
  cmark_node_set_user_data(fence, &pending_fence);
  int depth;
  state_of(parser, root_of(parent, &depth))->fences_pending = true;
  consume_line(parser, input, len);
  return fence;
}

static cmark_node *open_container(cmark_syntax_extension *self, int indented, cmark_parser *parser,
                                  cmark_node *parent, unsigned char *input, int len) {
  steps++;
  if (indented) return NULL;
  // Called for every line that opens a block: both an opening line and the closing fence that
  // match_container found start with a colon, so any other line is let go at once.
  int first = cmark_parser_get_first_nonspace(parser);
  if (first >= len || input[first] != ':') return NULL;
  cmark_node *last = cmark_node_last_child(parent);
  if (last && cmark_node_get_type(last) == container_type &&
      container_closing_line(last) == (uintptr_t)cmark_parser_get_line_number(parser)) {
    return open_closing_fence(parser, parent, input, len);
  }
  int pos = first;
  int start = pos, colons = 0;
  while (pos < len && input[pos] == ':') pos++, colons++;
  if (colons < 3) return NULL;
  while (pos < len && is_space(input[pos])) pos++;
  uintptr_t kinds = (uintptr_t)cmark_syntax_extension_get_private(self);
  int matched = -1;
  for (int kind = 0; kind < CONTAINER_KINDS && matched < 0; kind++) {
    if (!(kinds & (1u << kind))) continue;
    const char *name = container_names[kind];
    int end = pos, i = 0;
    while (name[i] && end < len && input[end] == (unsigned char)name[i]) end++, i++;
    if (name[i] || (end < len && !is_space(input[end]) && !is_line_end(input[end]))) continue;
    pos = end;
    matched = kind;
  }
  steps += (unsigned long)(pos - start);
  if (matched < 0) return NULL;
  int depth;
  cmark_node *root = root_of(parent, &depth);
  if (depth >= FOLIO_CONTAINER_MAX_DEPTH) {
    parse_state *state = state_of(parser, root);
    if (state->too_deep.line == 0) {
      state->too_deep = (folio_container_position){
          .line = cmark_parser_get_line_number(parser), .column = start + 1, .colons = colons, .kind = 1 << matched};
    }
    return NULL;
  }
  cmark_node *node = cmark_parser_add_child(parser, parent, container_type, start + 1);
  cmark_node_set_syntax_extension(node, self);
  cmark_node_set_user_data(node, (void *)(uintptr_t)(colons > 255 ? 255 : colons));
  consume_line(parser, input, len);
  return node;
}

static int match_container(cmark_syntax_extension *self, cmark_parser *parser, unsigned char *input, int len,
                           cmark_node *container) {
  (void)self;
  steps++;
  if (cmark_parser_get_indent(parser) >= 4) return 1;
  int colons = closing_colons(input, len, cmark_parser_get_first_nonspace(parser));
  if (colons == 0 || (uintptr_t)colons < container_colons(container)) return 1;
  uintptr_t line = (uintptr_t)cmark_parser_get_line_number(parser);
  cmark_node_set_user_data(container, (void *)((line << 8) | container_colons(container)));
  return 0;
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
  return "folio_container";
}

// cmark-gfm's own HTML renderer asserts on a node type it does not know; Folio renders the model,
// but reads footnote counts from cmark-gfm's HTML of a definition (CMarkFootnoteCounts), which may
// hold a container. Its children render as they are.
static void render_html(cmark_syntax_extension *self, struct cmark_html_renderer *renderer, cmark_node *node,
                        cmark_event_type event, int options) {
  (void)self;
  (void)renderer;
  (void)node;
  (void)event;
  (void)options;
}

// The next block after `node` in document order, not descending into `node`.
static cmark_node *next_block(cmark_node *node, cmark_node *root) {
  while (node != root && !cmark_node_next(node)) node = cmark_node_parent(node), steps++;
  return node == root ? NULL : cmark_node_next(node);
}

static cmark_node *place_fences(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *root) {
  (void)self;
  (void)parser;
  parse_state *state = cmark_node_get_user_data(root);
  if (!state || !state->fences_pending) return NULL;
  state->fences_pending = false;
  cmark_node *node = cmark_node_first_child(root);
  while (node) {
    steps++;
    cmark_node *child = cmark_node_first_child(node);
    if (child && (cmark_node_get_type(child) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) {
      node = child;
      continue;
    }
    cmark_node *next = next_block(node, root);
    if (cmark_node_get_user_data(node) == &pending_fence) {
      cmark_node *container = cmark_node_previous(node);
      cmark_node_unlink(node);
      if (container && cmark_node_get_type(container) == container_type) {
        cmark_node_set_user_data(node, &placed_fence);
        cmark_node_append_child(container, node);
      } else {
        cmark_node_free(node);
      }
    }
    node = next;
  }
  return NULL;
}

static void set_up(void) {
  container_type = cmark_syntax_extension_add_node(0);  // 0: a block type
  for (int i = 1; i < KIND_SETS; i++) {
    cmark_syntax_extension *extension = cmark_syntax_extension_new(extension_names[i]);
    cmark_syntax_extension_set_private(extension, (void *)(uintptr_t)i, NULL);
    cmark_syntax_extension_set_open_block_func(extension, open_container);
    cmark_syntax_extension_set_match_block_func(extension, match_container);
    cmark_syntax_extension_set_can_contain_func(extension, can_contain);
    cmark_syntax_extension_set_get_type_string_func(extension, type_string);
    cmark_syntax_extension_set_html_render_func(extension, render_html);
    cmark_syntax_extension_set_postprocess_func(extension, place_fences);
    extensions[i] = extension;
  }
}

cmark_syntax_extension *folio_container_extension(int kinds) {
  pthread_once(&setup_once, set_up);
  return kinds > 0 && kinds < KIND_SETS ? extensions[kinds] : NULL;
}

cmark_node_type folio_node_type_container(void) {
  pthread_once(&setup_once, set_up);
  return container_type;
}

bool folio_node_is_closing_fence(cmark_node *node) { return cmark_node_get_user_data(node) == &placed_fence; }

bool folio_container_too_deep(cmark_node *document, folio_container_position *position) {
  parse_state *state = cmark_node_get_user_data(document);
  if (!state || state->too_deep.line == 0) return false;
  *position = state->too_deep;
  return true;
}

unsigned long folio_container_steps(void) { return steps; }
