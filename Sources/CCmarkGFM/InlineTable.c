// cmark-gfm's process-wide table of special inline characters, made safe for parsing on many
// threads at once.
//
// cmark-gfm 0.29 keeps the characters its inline extensions start on (`~` for strikethrough,
// `:` and `w` for autolinks, `|` for tables) in two static arrays in inlines.c. Each parse adds
// its extensions' characters (cmark_inlines_add_special_character) before it parses inlines and
// removes them (cmark_inlines_remove_special_character) after, in cmark_parser_finish (later
// cmark-gfm versions also do it around each table row, while the text is fed: the lock below
// covers feeding too). A parse that removes them while another thread is parsing inlines makes
// that other parse miss strikethrough and autolinks.
//
// On Linux, Folio links cmark-gfm statically and asks the linker to route cmark-gfm's own calls
// to those two functions through the wrappers below (`--wrap`, Package.swift). The remove wrapper
// does nothing, and the add wrapper only writes what is not there yet, so once the table holds
// the characters of one set of extensions, any number of parses with that same set read it at
// once and nobody writes it. A parse with another set of extensions takes the lock exclusively,
// empties the table through the real remove function and fills it for its own set. So every
// parse sees exactly the table it would see alone, and parses of one site (one set of
// extensions) run in parallel.
//
// Where the wrapping is not in effect (cmark-gfm linked as a shared library, another platform),
// the probe below sees that, and every parse holds the lock exclusively, feed included.
#include "CCmarkGFM.h"

#include <cmark-gfm-extension_api.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The lock around parsing: shared by parses that find the table filled for their extensions,
// exclusive for a parse that refills it (or for every parse, without the wrapping).
static pthread_rwlock_t table_lock;

// What the table holds, as Folio put it there: bit 0 marks a special character, bit 1 one that is
// also skipped when emphasis looks for its flanking characters (strikethrough's `~`).
enum { SPECIAL = 1, SKIPPED = 2 };
static unsigned char table[256];

// The extensions whose characters fill the table, as a sorted list of pointers; at most
// `MAX_EXTENSIONS` (cmark-gfm has six core extensions).
enum { MAX_EXTENSIONS = 16 };
typedef struct {
  int count;
  const void *members[MAX_EXTENSIONS];
} extension_set;
static extension_set table_extensions = {-1, {0}};

// Set when cmark-gfm's own call to add a character reached the wrapper: the wrapping works.
static atomic_bool wrapped_call_seen;
static bool concurrent;
static pthread_once_t probe_once = PTHREAD_ONCE_INIT;

#if defined(__linux__)
void __real_cmark_inlines_add_special_character(unsigned char c, bool emphasis);
void __real_cmark_inlines_remove_special_character(unsigned char c, bool emphasis);

void __wrap_cmark_inlines_add_special_character(unsigned char c, bool emphasis);
void __wrap_cmark_inlines_remove_special_character(unsigned char c, bool emphasis);

void __wrap_cmark_inlines_add_special_character(unsigned char c, bool emphasis) {
  if (!atomic_load_explicit(&wrapped_call_seen, memory_order_relaxed)) {
    atomic_store_explicit(&wrapped_call_seen, true, memory_order_relaxed);
  }
  unsigned char wanted = emphasis ? (SPECIAL | SKIPPED) : SPECIAL;
  // Under the shared lock the table already holds every character asked for: only read.
  if ((table[c] & wanted) == wanted) return;
  table[c] |= wanted;
  __real_cmark_inlines_add_special_character(c, emphasis);
}

void __wrap_cmark_inlines_remove_special_character(unsigned char c, bool emphasis) {
  // Kept: the table is emptied by `empty_table`, under the exclusive lock, when a parse needs
  // another set of extensions.
  (void)c;
  (void)emphasis;
}

static void empty_table(void) {
  for (int c = 0; c < 256; c++) {
    if (table[c]) __real_cmark_inlines_remove_special_character((unsigned char)c, table[c] & SKIPPED);
    table[c] = 0;
  }
}
#else
static void empty_table(void) {}
#endif

static void probe(void) {
  pthread_rwlockattr_t attributes;
  pthread_rwlockattr_init(&attributes);
#if defined(__GLIBC__)
  // Readers keep coming during a build; a parse that needs to refill the table must not starve.
  pthread_rwlockattr_setkind_np(&attributes, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#endif
  pthread_rwlock_init(&table_lock, &attributes);
  pthread_rwlockattr_destroy(&attributes);

  cmark_gfm_core_extensions_ensure_registered();
  cmark_syntax_extension *strikethrough = cmark_find_syntax_extension("strikethrough");
  cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
  if (!parser) return;
  if (strikethrough) cmark_parser_attach_syntax_extension(parser, strikethrough);
  cmark_manage_extensions_special_characters(parser, true);
  concurrent = strikethrough && atomic_load(&wrapped_call_seen);
  if (concurrent) {
    empty_table();
  } else {
    cmark_manage_extensions_special_characters(parser, false);
  }
  cmark_parser_free(parser);
}

static int compare_pointers(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (const void *const *)a, y = (uintptr_t) * (const void *const *)b;
  return (x > y) - (x < y);
}

// The parser's extensions as a sorted set; count -1 if there are more than fit.
static extension_set extensions_of(cmark_parser *parser) {
  extension_set set = {0, {0}};
  for (cmark_llist *item = cmark_parser_get_syntax_extensions(parser); item; item = item->next) {
    if (set.count == MAX_EXTENSIONS) {
      set.count = -1;
      return set;
    }
    set.members[set.count++] = item->data;
  }
  qsort(set.members, (size_t)set.count, sizeof set.members[0], compare_pointers);
  return set;
}

static bool same_extensions(const extension_set *a, const extension_set *b) {
  return a->count >= 0 && a->count == b->count &&
         memcmp(a->members, b->members, sizeof a->members[0] * (size_t)a->count) == 0;
}

static cmark_node *feed_and_finish(cmark_parser *parser, const char *text, size_t length) {
  if (length > 0) cmark_parser_feed(parser, text, length);
  return cmark_parser_finish(parser);
}

cmark_node *folio_cmark_parse(cmark_parser *parser, const char *text, size_t length) {
  pthread_once(&probe_once, probe);
  extension_set wanted = extensions_of(parser);
  if (concurrent) {
    pthread_rwlock_rdlock(&table_lock);
    if (same_extensions(&wanted, &table_extensions)) {
      cmark_node *document = feed_and_finish(parser, text, length);
      pthread_rwlock_unlock(&table_lock);
      return document;
    }
    pthread_rwlock_unlock(&table_lock);
  }
  pthread_rwlock_wrlock(&table_lock);
  if (concurrent && !same_extensions(&wanted, &table_extensions)) {
    empty_table();
    // Fills the table for this parser's extensions, through the add wrapper.
    cmark_manage_extensions_special_characters(parser, true);
    table_extensions = wanted;
  }
  cmark_node *document = feed_and_finish(parser, text, length);
  pthread_rwlock_unlock(&table_lock);
  return document;
}

bool folio_cmark_parses_concurrently(void) {
  pthread_once(&probe_once, probe);
  return concurrent;
}
