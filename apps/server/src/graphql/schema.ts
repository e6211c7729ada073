import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder.ts';
import './schema/shop.ts';
import './schema/accounts.ts';
import './schema/catalogue.ts';
import './schema/address.ts';
import './schema/saved-payment-methods.ts';
import './schema/subscriptions.ts';
import './schema/subscription-changes.ts';
import './schema/checkout.ts';
import './schema/orders.ts';
import './schema/pay-links.ts';
import './schema/analytics.ts';
import './schema/referrals.ts';
import './schema/learners.ts';
import './schema/leads.ts';
import './schema/organizations.ts';
import './schema/privacy.ts';
import './schema/consents.ts';

export const schema: GraphQLSchema = builder.toSchema();

/** The public contract, as committed in schema.graphql. */
export function printContract(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
