import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder.ts';
import './schema/staff.ts';
import './schema/staff-members.ts';
import './schema/subscriptions.ts';
import './schema/leads.ts';
import './schema/orders.ts';
import './schema/customers.ts';
import './schema/catalogue.ts';
import './schema/products.ts';
import './schema/returns.ts';
import './schema/draft-orders.ts';
import './schema/taxes.ts';
import './schema/promos.ts';
import './schema/offers.ts';
import './schema/settings.ts';
import './schema/learners.ts';
import './schema/audit.ts';
import './schema/dashboard.ts';
import './schema/privacy.ts';

export const adminSchema: GraphQLSchema = builder.toSchema();

/** The console's contract, as committed in admin-schema.graphql. */
export function printAdminContract(): string {
  return printSchema(lexicographicSortSchema(adminSchema)) + '\n';
}
