// gumbo (Debian libgumbo-dev 0.10, pkg-config `gumbo`, shared), read only by the HTMLTree target
// (its Gumbo/ folder): the HTML5 parser that turns a chapter's rendered HTML into a tree for the
// books' XHTML and print pages.
//
// Every allocation of one parse goes through an arena kept here, so the whole output is freed
// by walking a list instead of by gumbo_destroy_output, which recurses once per level of the
// tree (a hostile page nests as deep as it likes).
#include <gumbo.h>
#include <stddef.h>
#include <stdlib.h>

// One allocation's header: the arena's list is circular, through a sentinel in the arena.
typedef struct folio_gumbo_block {
  struct folio_gumbo_block *previous;
  struct folio_gumbo_block *next;
} folio_gumbo_block;

// The allocations of one parse; its address must not change while the parse's output lives.
typedef struct folio_gumbo_arena {
  folio_gumbo_block sentinel;
} folio_gumbo_arena;

// The header rounded up to malloc's alignment, so every block handed to gumbo keeps it.
static inline size_t folio_gumbo_header_size(void) {
  size_t align = _Alignof(max_align_t);
  return (sizeof(folio_gumbo_block) + align - 1) / align * align;
}

static inline void *folio_gumbo_allocate(void *userdata, size_t size) {
  folio_gumbo_arena *arena = (folio_gumbo_arena *)userdata;
  folio_gumbo_block *block = (folio_gumbo_block *)malloc(folio_gumbo_header_size() + size);
  // gumbo does not check its allocations; the input's size is bounded before the parse.
  if (block == NULL) abort();
  block->previous = &arena->sentinel;
  block->next = arena->sentinel.next;
  arena->sentinel.next->previous = block;
  arena->sentinel.next = block;
  return (char *)block + folio_gumbo_header_size();
}

static inline void folio_gumbo_deallocate(void *userdata, void *pointer) {
  (void)userdata;
  if (pointer == NULL) return;
  folio_gumbo_block *block = (folio_gumbo_block *)((char *)pointer - folio_gumbo_header_size());
  block->previous->next = block->next;
  block->next->previous = block->previous;
  free(block);
}

// Parses `length` bytes as the children of a <div> in an HTML body (the fragment algorithm),
// recording no errors; the output's root is an <html> element that holds the fragment's nodes.
static inline GumboOutput *folio_gumbo_parse_fragment(
    folio_gumbo_arena *arena, const char *bytes, size_t length) {
  arena->sentinel.previous = &arena->sentinel;
  arena->sentinel.next = &arena->sentinel;
  GumboOptions options = kGumboDefaultOptions;
  options.allocator = folio_gumbo_allocate;
  options.deallocator = folio_gumbo_deallocate;
  options.userdata = arena;
  options.max_errors = 0;
  options.fragment_context = GUMBO_TAG_DIV;
  options.fragment_namespace = GUMBO_NAMESPACE_HTML;
  return gumbo_parse_with_options(&options, bytes, length);
}

// Frees every allocation of the parse that used `arena`, its output included.
static inline void folio_gumbo_free_all(folio_gumbo_arena *arena) {
  folio_gumbo_block *block = arena->sentinel.next;
  while (block != &arena->sentinel) {
    folio_gumbo_block *next = block->next;
    free(block);
    block = next;
  }
  arena->sentinel.previous = &arena->sentinel;
  arena->sentinel.next = &arena->sentinel;
}

// The element of an element or template node, in place (Swift copies a union's members).
static inline const GumboElement *folio_gumbo_element(const GumboNode *node) {
  return &node->v.element;
}

// The vectors of an element's children and attributes, in place.
static inline const GumboVector *folio_gumbo_children(const GumboElement *element) {
  return &element->children;
}

static inline const GumboVector *folio_gumbo_attributes(const GumboElement *element) {
  return &element->attributes;
}

// The node at `index` of a gumbo vector of nodes (its data are void pointers).
static inline GumboNode *folio_gumbo_child(const GumboVector *vector, unsigned int index) {
  return (GumboNode *)vector->data[index];
}

// The attribute at `index` of a gumbo vector of attributes.
static inline GumboAttribute *folio_gumbo_attribute(const GumboVector *vector, unsigned int index) {
  return (GumboAttribute *)vector->data[index];
}
