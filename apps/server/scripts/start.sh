#!/bin/sh
# npm start: the built server, with V8's heap sized for its database (docs/decisions/0022). On the embedded
# database PGlite's 128 MB of WebAssembly memory leave little room: 2 MB young-generation semispaces, and an
# old generation let grow 10 % over what it holds before it is collected. On PostgreSQL, V8's defaults.
if [ -n "$DATABASE_URL" ]; then exec node apps/server/dist/main.js; fi
exec node --max-semi-space-size=2 --heap-growing-percent=10 apps/server/dist/main.js
