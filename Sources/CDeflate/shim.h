// libdeflate (Debian libdeflate-dev 1.14), imported only by the ZipArchive target: it deflates
// each entry of an archive, on every core, before libzip writes the bytes as they are.
#include <libdeflate.h>
