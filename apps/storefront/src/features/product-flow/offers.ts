/** An offer's name from its slug ("black-friday-2026" → "Black Friday 2026"): the API gives offers no other name. */
export const offerName = (slug: string) => slug.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
