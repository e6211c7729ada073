/**
 * The demo users a newcomer can sign in as right after `npm start` (README lists them). Their ids are
 * fixed so the built-in identity provider's accounts and the store's users are the same people.
 */
export const DEMO_PASSWORD = 'demo-password-1';

export const DEMO_USERS = [
  { id: '7d1f0b52-0c1a-4b7e-9a51-000000000001', email: 'individual@demo.probe.store', name: 'Ada Individual' },
  { id: '7d1f0b52-0c1a-4b7e-9a51-000000000002', email: 'admin@demo.probe.store', name: 'Alex Admin' },
  { id: '7d1f0b52-0c1a-4b7e-9a51-000000000003', email: 'member@demo.probe.store', name: 'Morgan Member' },
  { id: '7d1f0b52-0c1a-4b7e-9a51-000000000004', email: 'vet@demo.probe.store', name: 'Vera Vet' },
  { id: '7d1f0b52-0c1a-4b7e-9a51-000000000005', email: 'student@demo.probe.store', name: 'Sam Student' },
  { id: '7d1f0b52-0c1a-4b7e-9a51-000000000006', email: 'lapsed@demo.probe.store', name: 'Lena Lapsed' },
  { id: '7d1f0b52-0c1a-4b7e-9a51-000000000007', email: 'operator@demo.probe.store', name: 'Olivia Operator' },
  { id: '7d1f0b52-0c1a-4b7e-9a51-000000000008', email: 'support@demo.probe.store', name: 'Sasha Support' },
] as const;

export type DemoUser = (typeof DEMO_USERS)[number];

/** Demo staff: the operator owns the store's console; support may read everything in it and change nothing. */
export const DEMO_STAFF_ROLES: Record<string, string> = { '7d1f0b52-0c1a-4b7e-9a51-000000000007': 'OWNER', '7d1f0b52-0c1a-4b7e-9a51-000000000008': 'SUPPORT' };
