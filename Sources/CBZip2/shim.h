// libbz2 from Debian's libbz2-dev. Debian ships no pkg-config file for it, so the module map
// links `bz2` by name and this header finds bzlib.h on the default include path.
#include <bzlib.h>
