import { permissionsOf, PERMISSIONS } from '../../modules/staff/index.ts';
import { builder } from '../builder.ts';

const StaffRef = builder.objectRef<{ id: string; email: string; role: string }>('StaffMember').implement({
  fields: (t) => ({
    email: t.exposeString('email'),
    role: t.exposeString('role'),
    permissions: t.stringList({ description: `What this role may do: ${PERMISSIONS.join(', ')}.`, resolve: (s) => [...permissionsOf(s.role)] }),
  }),
});

builder.queryField('me', (t) => t.field({
  type: StaffRef,
  description: 'The signed-in staff member and what their role may do. PermissionDenied for anyone who is not staff.',
  resolve: (_root, _args, ctx) => ctx.require('orders.read'),
}));
