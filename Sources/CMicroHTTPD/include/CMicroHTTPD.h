// Placeholder until the preview server lands.
#include <microhttpd.h>
