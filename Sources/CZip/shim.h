// libzip (Debian libzip-dev 1.7), imported only by the ZipArchive target: the one door through
// which Folio writes and reads zip archives (EPUB books), all in memory.
#include <zip.h>
