// jemalloc's public header; `mallctl` reads its statistics.
#include <jemalloc/jemalloc.h>
