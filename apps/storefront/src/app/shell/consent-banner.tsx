import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { currentConsent, onConsentChange } from '../../analytics/consent.ts';
import { setAnalyticsConsent } from '../../analytics/data-layer.ts';

/**
 * The analytics choice, asked until the visitor makes it (and again from the footer). It appears after
 * hydration only (the choice lives in the browser), after the footer and held at the bottom of the screen
 * while scrolling (sticky): it moves nothing above it and never covers the footer.
 */
export function ConsentBanner() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(currentConsent() === null);
    return onConsentChange((consent) => setOpen(consent === null));
  }, []);
  if (!open) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-heading">
      <div className="container consent-banner__inner">
        <div>
          <h2 id="consent-heading" className="consent-banner__heading">{t('consent.heading')}</h2>
          <p className="consent-banner__text">{t('consent.text')}</p>
        </div>
        <div className="consent-banner__actions">
          <button type="button" className="button" onClick={() => setAnalyticsConsent('granted')}>{t('consent.allow')}</button>
          <button type="button" className="button button--ghost" onClick={() => setAnalyticsConsent('denied')}>{t('consent.decline')}</button>
        </div>
      </div>
    </section>
  );
}
