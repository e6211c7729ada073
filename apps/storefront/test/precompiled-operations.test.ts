import { parse, print } from 'graphql';
import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { precompiledOperations } from '../scripts/precompiled-operations.ts';

/** The plugin's transform as the build runs it, and its helper module's source. */
function buildTransform(): { transform: (code: string, id: string) => string | null; helper: string } {
  const plugin = precompiledOperations() as unknown as {
    configResolved: (config: { command: string }) => void;
    transform: (code: string, id: string) => { code: string } | null;
    load: (id: string) => string | null;
  };
  plugin.configResolved({ command: 'build' });
  return { transform: (code, id) => plugin.transform(code, id)?.code ?? null, helper: plugin.load('\0probe:operations')! };
}

/** Evaluates transformed module code (the helper import replaced by its source) and returns its exports. */
function evaluate(code: string, helper: string): Record<string, unknown> {
  const body = code
    .replace(/^import \{ withFragments as __withFragments \} from '[^']+';\n/, `${helper.replace('export function withFragments', 'function __withFragments')}\n`)
    .replace(/^export const (\w+) =/gm, 'const $1 = exports.$1 =');
  const exports: Record<string, unknown> = {};
  new Function('exports', body)(exports);
  return exports;
}

const SOURCE = `
export const PRICE = gql\`
  fragment Price on TaxedMoney { currency gross { fractionalAmount } }
\`;
export const CARD = gql\`
  fragment Card on ProductVariant { sku pricing { price { ...Price } } }
  \${PRICE}
\`;
export const HOME = gql\`
  query Home($channel: String!) { products(channel: $channel, first: 20) { edges { node { ...Card defaultVariant { pricing { price { ...Price } } } } } } }
  \${CARD}
  \${PRICE}
\`;
`;

describe('operations parsed at build time', () => {
  it('give the documents graphql-tag gives at run time: the same query sent, each fragment once', () => {
    const { transform, helper } = buildTransform();
    const code = transform(SOURCE, '/repo/apps/storefront/src/features/catalogue/operations.ts')!;
    expect(code).not.toContain('gql`');
    const built = evaluate(code, helper);
    // The same module run as written, graphql-tag parsing at run time.
    const tagged = new Function('gql', `const exports = {};\n${SOURCE.replace(/^export const (\w+) =/gm, 'const $1 = exports.$1 =')}\nreturn exports;`)(gql) as Record<string, Parameters<typeof print>[0]>;
    for (const name of ['PRICE', 'CARD', 'HOME']) {
      expect(print(built[name] as Parameters<typeof print>[0]), name).toBe(print(tagged[name]!));
    }
    const names = (built.HOME as { definitions: Array<{ name: { value: string } }> }).definitions.map((d) => d.name.value);
    expect(names).toEqual(['Home', 'Card', 'Price']);
    expect(() => parse(print(built.HOME as Parameters<typeof print>[0]))).not.toThrow();
  });

  it('leave the sources alone outside a build (tests and the dev server keep graphql-tag)', () => {
    const plugin = precompiledOperations() as unknown as { configResolved: (c: { command: string }) => void; transform: (code: string, id: string) => unknown };
    plugin.configResolved({ command: 'serve' });
    expect(plugin.transform(SOURCE, '/repo/apps/storefront/src/x.ts')).toBeNull();
  });
});
