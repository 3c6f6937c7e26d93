// cmark-gfm as its CLI uses it: one parser, extensions attached in `-e` order, the whole input
// fed at once, `cmark_render_html` with the parser's extensions. Nothing of Folio's is called,
// so any byte Folio renders differently is Folio's difference.
#include "CMarkReference.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <stdlib.h>
#include <string.h>

static const char *const extension_names[] = {"table", "strikethrough", "autolink", "tagfilter",
                                              "tasklist"};

char *reference_render_html(const char *text, size_t length, int options, unsigned extensions,
                            size_t *html_length) {
  cmark_gfm_core_extensions_ensure_registered();
  cmark_parser *parser = cmark_parser_new(options);
  for (unsigned bit = 0; bit < sizeof extension_names / sizeof extension_names[0]; bit++) {
    if (!(extensions & (1u << bit))) continue;
    cmark_syntax_extension *extension = cmark_find_syntax_extension(extension_names[bit]);
    if (extension) cmark_parser_attach_syntax_extension(parser, extension);
  }
  cmark_parser_feed(parser, text, length);
  cmark_node *document = cmark_parser_finish(parser);
  char *html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser));
  *html_length = strlen(html);
  cmark_node_free(document);
  cmark_parser_free(parser);
  return html;
}

void reference_free(char *html) { cmark_get_default_mem_allocator()->free(html); }
