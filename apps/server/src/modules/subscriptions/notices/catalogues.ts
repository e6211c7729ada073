import type { UrlLanguage } from '@probe/domain';
import { en, type NoticeMessages } from './messages.ts';
import { ar, da, de, es, fi, fr, it, nl, no, pl, pt, sv, tr } from './translations.ts';

/** Every store language's words for the subscription e-mails. */
export const catalogues: Record<UrlLanguage, NoticeMessages> = { ar, da, de, en, es, fi, fr, it, no, nl, pl, pt, sv, tr };
