#!/bin/sh
# npm start: the built server, with V8's heap sized for its database (docs/decisions/0022): the old generation is
# collected once it grows 20 % over what it holds (10 % on the embedded database, where PGlite's 128 MB of
# WebAssembly memory leave little room, and the young generation's semispaces are 2 MB; V8's 16 MB on PostgreSQL).
if [ -n "$DATABASE_URL" ]; then exec node --heap-growing-percent=20 apps/server/dist/main.js; fi
exec node --max-semi-space-size=2 --heap-growing-percent=10 apps/server/dist/main.js
