// The one header Folio reads from cmark-gfm: the core API and the GFM core extensions.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
