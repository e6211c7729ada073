import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder.ts';
import '../modules/shop/schema.ts';
import '../modules/account/schema.ts';
import '../modules/catalogue/schema.ts';
import '../modules/address/schema.ts';
import '../modules/payments/saved-methods.ts';
import '../modules/checkout/schema.ts';
import '../modules/orders/schema.ts';

export const schema: GraphQLSchema = builder.toSchema();

/** The public contract, as committed in schema.graphql. */
export function printContract(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
