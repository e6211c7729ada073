import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { currentConsent, onConsentChange } from '../../analytics/consent.ts';
import { setAnalyticsConsent } from '../../analytics/data-layer.ts';
import { useBaseData } from '../../data/route-data.ts';
import { textVersion } from '../../lib/text-version.ts';

/**
 * The analytics choice, asked until the visitor makes it (and again from the footer), after the footer
 * and held at the bottom of the screen while scrolling (sticky): it moves nothing above it and never
 * covers the footer. The server renders it into every page, so it paints with the page (rendered only
 * after hydration it was a first visit's largest paint, seconds late on a phone); a visitor who has
 * chosen never sees it: the template's first script marks the document before it paints
 * (`data-consent-chosen`, hidden by the stylesheet) and hydration then removes it.
 */
export function ConsentBanner() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { languageCode } = useBaseData();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    setOpen(currentConsent() === null);
    return onConsentChange((consent) => setOpen(consent === null));
  }, []);
  // Once the banner is gone, the mark has done its work: asked again from the footer, the banner shows.
  useEffect(() => {
    if (!open) document.documentElement.removeAttribute('data-consent-chosen');
  }, [open]);
  if (!open) return null;
  // What the visitor read, on record with their choice: the heading and the text, in their language.
  const choose = (choice: 'granted' | 'denied') => setAnalyticsConsent(choice, { textVersion: textVersion('consent.text', `${t('consent.heading')}\n${t('consent.text')}`), locale: languageCode });
  return (
    <section className="consent-banner" aria-labelledby="consent-heading">
      <div className="container consent-banner__inner">
        <div>
          <h2 id="consent-heading" className="consent-banner__heading">{t('consent.heading')}</h2>
          <p className="consent-banner__text">{t('consent.text')}</p>
        </div>
        <div className="consent-banner__actions">
          <button type="button" className="button" onClick={() => choose('granted')}>{t('consent.allow')}</button>
          <button type="button" className="button button--ghost" onClick={() => choose('denied')}>{t('consent.decline')}</button>
        </div>
      </div>
    </section>
  );
}
