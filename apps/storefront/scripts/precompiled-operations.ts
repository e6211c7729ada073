import { parse } from 'graphql';
import type { Plugin } from 'vite';

const TAGGED = /\bgql`([^`]*)`/g;
const INTERPOLATION = /\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g;
const HELPER = '\0probe:operations';

/**
 * The GraphQL operations, parsed when the store is built: each `gql` template becomes the document
 * graphql-tag would have parsed at run time, so the browser loads neither graphql-tag nor GraphQL's parser
 * (about 10 KB gzip of every first visit). A template's `${FRAGMENT}`s are other documents: their
 * definitions are added after the template's own, each fragment once, as graphql-tag does. Tests and the
 * dev server keep graphql-tag. Like the message catalogues (message-catalogues.ts).
 */
export function precompiledOperations(): Plugin {
  let building = false;
  return {
    name: 'probe:precompiled-operations',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId: (id) => (id === HELPER ? id : null),
    load: (id) => (id === HELPER ? WITH_FRAGMENTS : null),
    transform(code, id) {
      if (!building || !/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('gql`')) return null;
      let helper = false;
      const compiled = code.replace(TAGGED, (_, body: string) => {
        const fragments = [...body.matchAll(INTERPOLATION)].map((m) => m[1]!);
        // JSON.parse of a string: V8 reads it faster than the same object as a literal.
        const document = `JSON.parse(${JSON.stringify(JSON.stringify(parse(body.replace(INTERPOLATION, ''), { noLocation: true })))})`;
        if (!fragments.length) return document;
        helper = true;
        return `__withFragments(${document}, [${fragments.join(', ')}])`;
      });
      return { code: helper ? `import { withFragments as __withFragments } from '${HELPER}';\n${compiled}` : compiled, map: null };
    },
  };
}

const WITH_FRAGMENTS = `
export function withFragments(document, fragments) {
  const named = new Set();
  const definitions = [];
  for (const definition of [document, ...fragments].flatMap((d) => d.definitions)) {
    if (definition.kind === 'FragmentDefinition') {
      if (named.has(definition.name.value)) continue;
      named.add(definition.name.value);
    }
    definitions.push(definition);
  }
  return { kind: 'Document', definitions };
}
`;
