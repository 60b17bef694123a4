// jemalloc, linked the way the suspendsim executable links it (Sources/CJemalloc).
#include <jemalloc/jemalloc.h>
