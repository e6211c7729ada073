#!/bin/sh
# npm start (and the browser tests and benchmarks, which start the server through this file): the built server,
# with V8's heap sized for its database (docs/decisions/0022): the old generation is collected once it grows
# 20 % over what it holds (10 % on the embedded database, where PGlite's 128 MB of WebAssembly memory leave
# little room, and the young generation's semispaces are 2 MB; V8's 16 MB on PostgreSQL).
# glibc's malloc gives every allocation of 32 KB or more a mapping of its own, returned to the system when
# it is freed: otherwise what V8 allocates while compiling the modules at start (70 MB at its peak) stays
# resident, freed but kept by malloc (idle resident memory 234 MB -> 167 MB on the embedded database).
# On PostgreSQL from 64 KB: V8's compiler and collector take their working memory in segments of up to 32 KB
# (36 KB with malloc's header), each mapped and unmapped under load, and every unmapping stopped the other
# cores to flush their address caches (a fifth of the process's time under whole purchases). The embedded
# database keeps 32 KB: there, malloc's arenas kept what a storm of distinct documents freed, above its
# 250 MB (docs/decisions/0022).
# SERVER_TUNING=none starts it with V8's and glibc's own sizes instead: about 380 MB at the peak of a run of
# pages on the embedded database, for a third of the CPU per page (1 server-rendered page: 91 ms -> 30 ms of
# CPU, main thread and V8's helper threads together). The browser tests run so (e2e/global-setup.ts): they
# check what buyers see, and the memory budgets are held by bench:soak and the reliability suite, which start
# the server as npm start does.
if [ "${SERVER_TUNING:-}" = none ]; then exec node apps/server/dist/main.js; fi
if [ -n "$DATABASE_URL" ]; then
  export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-65536}"
  exec node --heap-growing-percent=20 apps/server/dist/main.js
fi
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
exec node --max-semi-space-size=2 --heap-growing-percent=10 apps/server/dist/main.js
