import SchemaBuilder from '@pothos/core';
import type { GraphQLContext } from './context.ts';

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  /** File: an upload in a multipart request (GraphQL multipart request spec, parsed by Yoga). */
  Scalars: { File: { Input: File; Output: never } };
}>({
  defaultFieldNullability: false,
});

builder.queryType({});
builder.mutationType({});
