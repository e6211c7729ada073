/**
 * The layers of docs/architecture.md, as rules. `npm run deps:check` (part of `npm test`) fails on any
 * broken rule.
 *
 *   storefront: app → features → ui / lib / data / session / i18n / analytics / monitoring → @probe/domain
 *   server:     main → http → graphql | admin-graphql → modules/<name>/index.ts → @probe/db, @probe/domain
 *               (the console's API, admin-graphql, may use the shop API's error and id helpers; never the reverse)
 *   packages never import apps; apps never import each other.
 */
const STORE = '^apps/storefront/src';
const SERVER = '^apps/server/src';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'A cycle ties modules that should stand apart.', from: {}, to: { circular: true } },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-never-import-each-other',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'packages/domain holds pure rules: no I/O, no dependencies beyond itself.',
      severity: 'error',
      from: { path: '^packages/domain/src' },
      to: { pathNot: '^packages/domain/src' },
    },
    {
      name: 'server-modules-only-through-index',
      comment: 'Outside a module, only its index.ts may be imported.',
      severity: 'error',
      from: { path: `${SERVER}/`, pathNot: `${SERVER}/modules/([^/]+)/` },
      to: { path: `${SERVER}/modules/[^/]+/`, pathNot: `${SERVER}/modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'server-modules-talk-through-index',
      severity: 'error',
      from: { path: `${SERVER}/modules/([^/]+)/` },
      to: { path: `${SERVER}/modules/`, pathNot: [`${SERVER}/modules/$1/`, `${SERVER}/modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'server-modules-below-the-api',
      comment: 'Modules never reach up into the GraphQL layer or HTTP.',
      severity: 'error',
      from: { path: `${SERVER}/modules/` },
      to: { path: [`${SERVER}/graphql/`, `${SERVER}/admin-graphql/`, `${SERVER}/http/`] },
    },
    {
      name: 'shop-api-never-reaches-the-console-api',
      comment: 'Two schemas, two endpoints: nothing of the console is reachable through the shop.',
      severity: 'error',
      from: { path: `${SERVER}/graphql/` },
      to: { path: `${SERVER}/admin-graphql/` },
    },
    {
      name: 'admin-graphql-below-http',
      severity: 'error',
      from: { path: `${SERVER}/admin-graphql/` },
      to: { path: `${SERVER}/http/` },
    },
    {
      name: 'graphql-below-http',
      severity: 'error',
      from: { path: `${SERVER}/graphql/` },
      to: { path: `${SERVER}/http/` },
    },
    {
      name: 'storefront-features-below-app',
      severity: 'error',
      from: { path: `${STORE}/features/` },
      to: { path: `${STORE}/app/` },
    },
    {
      name: 'storefront-shared-layers-below-features',
      comment: 'ui, lib, data, session, i18n, analytics and monitoring never import features or the app.',
      severity: 'error',
      from: { path: `${STORE}/(ui|lib|data|session|i18n|analytics|monitoring)/` },
      to: { path: [`${STORE}/features/`, `${STORE}/app/`] },
    },
    {
      name: 'ui-is-dumb',
      comment: 'Shared components take props; they do not fetch or hold sessions.',
      severity: 'error',
      from: { path: `${STORE}/ui/` },
      to: { path: `${STORE}/(session|analytics|monitoring)/` },
    },
    {
      name: 'no-tests-in-source',
      severity: 'error',
      from: { path: '^(apps|packages)/[^/]+/src/' },
      to: { path: '(^|/)test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
