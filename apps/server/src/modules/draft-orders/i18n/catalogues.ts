import type { UrlLanguage } from '@probe/domain';
import { surfaceMessages, type Catalogue } from '../../../i18n/format.ts';
import ar from './messages/ar.json' with { type: 'json' };
import da from './messages/da.json' with { type: 'json' };
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fi from './messages/fi.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };
import no from './messages/no.json' with { type: 'json' };
import pl from './messages/pl.json' with { type: 'json' };
import pt from './messages/pt.json' with { type: 'json' };
import sv from './messages/sv.json' with { type: 'json' };
import tr from './messages/tr.json' with { type: 'json' };

/**
 * The pay-link e-mail of a draft order (issue 35), one ICU catalogue per store language: `{date}` is a long date
 * already in the reader's format, `{total}` an amount. apps/storefront/test/message-catalogues.test.ts keeps every file complete.
 */
const catalogues = { ar, da, de, en, es, fi, fr, it, nl, no, pl, pt, sv, tr } satisfies Record<UrlLanguage, Catalogue>;
export const messages = surfaceMessages(catalogues);
export type MessageKey = keyof typeof en;
