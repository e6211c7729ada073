import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, visit, type DefinitionNode, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';

/**
 * The documents the storefront sends, known when it is built: the only ones the server compiles with
 * graphql-jit and keeps parsed for good (docs/decisions/0029). Any other document is parsed, validated
 * and executed for its request and kept at most in a cache with a byte budget.
 */

/** One storefront operation with the fragments it spreads, transitively, as graphql-tag sends it. */
export interface StoreOperation {
  name: string;
  kind: 'query' | 'mutation' | 'subscription';
  text: string;
  file: string;
}

/** Beside the built bundle (written by scripts/build.mjs); absent when the sources run through tsx. */
const BUILT = fileURLToPath(new URL('./store-documents.json', import.meta.url));
const SOURCES = fileURLToPath(new URL('../../../storefront/src/', import.meta.url));

/** The storefront files holding its gql documents: every feature's operations.ts and the shop's. */
export function operationFiles(storefrontSources = SOURCES): string[] {
  const features = join(storefrontSources, 'features');
  return [
    ...readdirSync(features, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(features, d.name, 'operations.ts'))
      .filter((f) => existsSync(f)),
    join(storefrontSources, 'data', 'shop-operations.ts'),
  ];
}

/**
 * Every named operation of the storefront, read from its operations files: each `gql` template's text with
 * its `${FRAGMENT}` interpolations dropped, since every interpolated fragment is a template of the same file.
 */
export function storeOperations(storefrontSources = SOURCES): Map<string, StoreOperation> {
  const operations = new Map<string, StoreOperation>();
  for (const file of operationFiles(storefrontSources)) {
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

/**
 * A document's form for comparison with the storefront's: without the `__typename` fields Apollo's cache
 * adds, its operation first and its fragments by name (the client and the file may order them apart).
 */
export function canonicalText(document: DocumentNode): string {
  const stripped = visit(document, { Field: (node) => (node.name.value === '__typename' && !node.alias ? null : undefined) });
  const rank = (d: DefinitionNode) => (d.kind === Kind.FRAGMENT_DEFINITION ? `1${d.name.value}` : '0');
  const definitions = [...stripped.definitions].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
  return print({ kind: Kind.DOCUMENT, definitions });
}

/** The canonical texts of the storefront's documents: from the build when there is one, else from the sources. */
export function loadStoreDocuments(): string[] {
  if (existsSync(BUILT)) return JSON.parse(readFileSync(BUILT, 'utf8')) as string[];
  if (!existsSync(SOURCES)) return [];
  return [...storeOperations().values()].map((o) => canonicalText(parse(o.text)));
}
