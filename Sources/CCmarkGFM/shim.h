// The one header Folio reads from cmark-gfm: the core API and the GFM core extensions.
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
