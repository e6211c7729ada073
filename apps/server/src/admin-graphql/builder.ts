import SchemaBuilder from '@pothos/core';
import type { AdminContext } from './context.ts';

/** The console's own schema (/admin/graphql), separate from the shop's: nothing of one is reachable through the other. */
export const builder = new SchemaBuilder<{ Context: AdminContext; DefaultFieldNullability: false }>({ defaultFieldNullability: false });

builder.queryType({});
builder.mutationType({});

/** A business error of a console change: the field, a message for the operator, a code. */
export interface AdminError { field: string | null; code: string; message: string }

export const AdminErrorRef = builder.objectRef<AdminError>('AdminError').implement({
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true }),
    code: t.exposeString('code'),
    message: t.exposeString('message'),
  }),
});
