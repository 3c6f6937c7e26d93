// SwiftPM needs a source file in a C target; the header holds everything (XXH_INLINE_ALL).
#include "CXXHash.h"
