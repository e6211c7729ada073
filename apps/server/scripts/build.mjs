import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * `npm run build -w @probe/server`: bundles the server and the worker into apps/server/dist (plain
 * JavaScript, run by `node` without a TypeScript loader). Our sources and the workspace packages
 * (@probe/db, @probe/domain export .ts files) are bundled; every other package stays an import of
 * node_modules. The files the sources find through import.meta.url are copied next to the bundle.
 * See docs/decisions/0017.
 */
const root = (path) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const dist = root('apps/server/dist');

/** A bare import (`pino`, `drizzle-orm/pglite`, `node:fs`) is external unless it names a workspace package. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@probe/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Our modules and the workspace packages as free of side effects: a module none of whose exports is used
 * is left out whole. For the render thread only, which reaches its renderers through module indexes that
 * also export the database code: bundled as the server is, it loaded drizzle-orm, the schema's tables,
 * zod and libphonenumber it never calls (217 KB of bundle, 8 MB of its heap). The server keeps every module:
 * its GraphQL types register themselves as their modules load.
 */
const ourModulesWithoutSideEffects = {
  name: 'our-modules-without-side-effects',
  setup(b) {
    b.onResolve({ filter: /^(\.|@probe\/)/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData?.resolved) return undefined;
      const resolved = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { resolved: true } });
      return resolved.errors.length ? resolved : { path: resolved.path, external: resolved.external, sideEffects: false };
    });
  },
};

const common = {
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Error classes keep their names in logs (pino's `type`) even where two modules' names collide.
  keepNames: true,
  logLevel: 'warning',
};
rmSync(dist, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: { 'server-bundle': root('apps/server/src/main.ts'), 'worker-bundle': root('apps/server/src/worker.ts') },
  plugins: [npmPackagesExternal],
});
// The render thread's entry, found beside the bundles (modules/render-thread).
await build({
  ...common,
  entryPoints: { 'render-thread': root('apps/server/src/modules/render-thread/thread.ts') },
  // Named: esbuild does not look for the tsconfig (JSX) of a file a plugin resolved.
  tsconfig: root('tsconfig.json'),
  plugins: [ourModulesWithoutSideEffects, npmPackagesExternal],
});

// The entry points: React, Fastify and others read NODE_ENV once, as they load, to pick their production
// builds; unset, React loaded its development build (slower renders, 25 MB more heap) while our config
// defaulted to production. An import is evaluated before the module importing it, so the default is set
// here, before the bundle is imported.
for (const [entry, bundle] of [['main', 'server-bundle'], ['worker', 'worker-bundle']]) {
  writeFileSync(`${dist}/${entry}.js`, `process.env.NODE_ENV ??= 'production';\nawait import('./${bundle}.js');\n`);
}

// Beside the bundle, where the sources' import.meta.url paths lead from dist/main.js.
cpSync(root('packages/db/migrations'), `${dist}/migrations`, { recursive: true });
cpSync(root('packages/db/src/seed/catalogue/translations'), `${dist}/translations`, { recursive: true });
cpSync(root('apps/server/src/identity/pages/identity.css'), `${dist}/identity.css`);
cpSync(root('apps/server/src/identity/pages/favicon.svg'), `${dist}/favicon.svg`);

// The storefront's documents, read from its sources now: the built server trusts these (graphql-jit,
// kept parsed) and needs no sources at run time (docs/decisions/0029).
const extractor = `${dist}/store-documents-build.mjs`;
await build({ entryPoints: [root('apps/server/src/graphql/store-documents.ts')], outfile: extractor, bundle: true, platform: 'node', format: 'esm', target: 'node20', plugins: [npmPackagesExternal], logLevel: 'warning' });
const { storeOperations, canonicalText } = await import(extractor);
const { parse } = await import('graphql');
const documents = [...storeOperations(root('apps/storefront/src/')).values()].map((o) => canonicalText(parse(o.text)));
writeFileSync(`${dist}/store-documents.json`, JSON.stringify(documents));
rmSync(extractor);
cpSync(root('apps/server/src/identity/common-passwords.txt'), `${dist}/common-passwords.txt`);
console.log(`built ${dist} (main.js, worker.js)`);
