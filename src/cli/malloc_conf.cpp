// jemalloc's settings for the programs linked with it (CMakeLists.txt, bds_fast_malloc): read by jemalloc at start;
// the environment's MALLOC_CONF still overrides them. Two arenas for the two busy threads of a run, the harness's and
// the stub's (jemalloc's default is four per core), and freed pages returned within half a second: a run's peak
// resident memory fell from ~205 MB to ~185 MB at no cost in time (docs/architecture.md).
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface
extern const char* const malloc_conf;
const char* const malloc_conf = "narenas:2,dirty_decay_ms:500,muzzy_decay_ms:0";
}
