import { builder } from '../builder.ts';

interface UserRow {
  id: string;
  email: string;
}

const User = builder.objectRef<UserRow>('User').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: User,
    nullable: true,
    description: 'The signed-in user; null when anonymous.',
    // Sign-in arrives with the accounts issue; until then no request carries a user.
    resolve: (): UserRow | null => null,
  }),
);
