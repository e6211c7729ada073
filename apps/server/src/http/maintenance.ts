import { Kind, parse, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { FastifyReply } from 'fastify';
import { MAINTENANCE_RETRY_AFTER_S } from '../modules/shop/index.ts';

/**
 * What a closed store's API still answers: the shop's maintenance fields (how a client learns the store is
 * closed and shows the maintenance page) and the marketing forms (another application, embedded on partners'
 * pages, which maintenance of the store does not close). Everything else answers 503 with Retry-After.
 */
const OPEN_ROOT_FIELDS = new Set(['leadForm', 'leadFormSubmit', '__typename']);
const OPEN_SHOP_FIELD = /^(maintenance[A-Za-z]*|__typename)$/;

function onlyFields(selection: SelectionSetNode | undefined, open: (name: string, sub: SelectionSetNode | undefined) => boolean): boolean {
  return !!selection && selection.selections.every((s) => s.kind === Kind.FIELD && open(s.name.value, s.selectionSet));
}

/** Whether a GraphQL document asks only what a closed store still answers (fragments and unparsable text: no). */
export function openDuringMaintenance(query: unknown): boolean {
  if (typeof query !== 'string') return false;
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: 500 });
  } catch {
    return false;
  }
  return document.definitions.every((d) => d.kind === Kind.OPERATION_DEFINITION && onlyFields(d.selectionSet, (name, sub) =>
    OPEN_ROOT_FIELDS.has(name) || (name === 'shop' && d.operation === 'query' && onlyFields(sub, (field) => OPEN_SHOP_FIELD.test(field)))));
}

/** A closed store's API answer: 503, when to try again, and a GraphQL error the client can tell apart. */
export function sendMaintenance(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', String(MAINTENANCE_RETRY_AFTER_S))
    .header('cache-control', 'no-store')
    .send({ errors: [{ message: 'The store is closed for maintenance: try again later', extensions: { exception: { code: 'Maintenance' } } }] });
}
