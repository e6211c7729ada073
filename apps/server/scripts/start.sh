#!/bin/sh
# npm start (and the browser tests and benchmarks, which start the server through this file): the built server,
# with V8's heap sized for its database (docs/decisions/0022): the old generation is collected once it grows
# 20 % over what it holds (10 % on the embedded database, where PGlite's 128 MB of WebAssembly memory leave
# little room, and the young generation's semispaces are 2 MB; V8's 16 MB on PostgreSQL).
# glibc's malloc gives every allocation of 32 KB or more a mapping of its own, returned to the system when
# it is freed: otherwise what V8 allocates while compiling the modules at start (70 MB at its peak) stays
# resident, freed but kept by malloc (idle resident memory 234 MB -> 167 MB on the embedded database).
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
if [ -n "$DATABASE_URL" ]; then exec node --heap-growing-percent=20 apps/server/dist/main.js; fi
exec node --max-semi-space-size=2 --heap-growing-percent=10 apps/server/dist/main.js
