/**
 * The terms and conditions (spec §2): the master terms that govern every order, then the rental
 * terms that add to them for rentals. Each clause is a heading and a text in the message catalogues
 * (`terms.<part>.<clause>.heading` / `.text`); its number is its place here.
 */
export const TERMS_PARTS = [
  { id: 'master', anchor: 'master-terms', clauses: ['scope', 'orders', 'prices', 'delivery', 'memberships', 'withdrawal', 'warranty', 'liability'] },
  { id: 'rental', anchor: 'rental-terms', clauses: ['term', 'fees', 'care', 'end'] },
] as const;

/** The date the current terms took effect (shown in the route's locale). */
export const TERMS_EFFECTIVE_DATE = '2026-09-01';
