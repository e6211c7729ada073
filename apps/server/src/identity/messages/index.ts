import { ar } from './ar.ts';
import { da } from './da.ts';
import { de } from './de.ts';
import { en, type Messages } from './en.ts';
import { es } from './es.ts';
import { fi } from './fi.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { nl } from './nl.ts';
import { no } from './no.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { sv } from './sv.ts';
import { tr } from './tr.ts';

export type { Messages };
export type MessageKey = keyof Messages;

/** One catalogue per language of the store (en-US shares English). */
export const catalogues = { ar, da, de, en, es, fi, fr, it, nl, no, pl, pt, sv, tr } satisfies Record<string, Messages>;
export type Language = keyof typeof catalogues;
