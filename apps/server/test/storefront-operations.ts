import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';

const STOREFRONT = new URL('../../storefront/src/', import.meta.url).pathname;

/** The files that hold the storefront's gql documents (what codegen types): every feature's operations.ts and the shop's. */
export const OPERATION_FILES: readonly string[] = [
  ...readdirSync(join(STOREFRONT, 'features'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(STOREFRONT, 'features', d.name, 'operations.ts'))
    .filter((f) => {
      try {
        readFileSync(f);
        return true;
      } catch {
        return false;
      }
    }),
  join(STOREFRONT, 'data', 'shop-operations.ts'),
];

export interface StorefrontOperation {
  name: string;
  kind: 'query' | 'mutation' | 'subscription';
  /** The document as the storefront sends it: the operation and the fragments it uses. */
  text: string;
  file: string;
}

/**
 * Every named operation of the storefront, read from the source of its operations files (not copied):
 * each `gql` template's text with its `${FRAGMENT}` interpolations dropped, since every interpolated
 * fragment is itself a `gql` template of the same file. An operation's document is the operation with the
 * fragments it spreads, transitively, as graphql-tag would send it.
 */
export function storefrontOperations(): Map<string, StorefrontOperation> {
  const operations = new Map<string, StorefrontOperation>();
  for (const file of OPERATION_FILES) {
    const source = readFileSync(file, 'utf8');
    const templates = [...source.matchAll(/\bgql`([^`]*)`/g)].map((m) => m[1]!.replace(/\$\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}/g, ''));
    const definitions: DefinitionNode[] = templates.flatMap((t) => parse(t).definitions);
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    for (const d of definitions) {
      if (d.kind !== Kind.OPERATION_DEFINITION) continue;
      if (!d.name) throw new Error(`an anonymous operation in ${file}`);
      if (operations.has(d.name.value)) throw new Error(`operation ${d.name.value} is defined twice`);
      operations.set(d.name.value, { name: d.name.value, kind: d.operation, text: withFragments(d, fragments), file });
    }
  }
  return operations;
}

function withFragments(operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): string {
  const used = new Map<string, FragmentDefinitionNode>();
  const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (used.has(name)) return;
        const fragment = fragments.get(name);
        if (!fragment) throw new Error(`fragment ${name} of ${operation.name?.value} is not in its file`);
        used.set(name, fragment);
        collect(fragment);
      },
    });
  collect(operation);
  return print({ kind: Kind.DOCUMENT, definitions: [operation, ...used.values()] });
}
