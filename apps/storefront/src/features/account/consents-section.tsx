import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { currentConsent } from '../../analytics/consent.ts';
import { CONSENT_RECORDED_EVENT } from '../../analytics/consent-record.ts';
import { analyticsBrowserId, setAnalyticsConsent } from '../../analytics/data-layer.ts';
import { useBaseData } from '../../data/route-data.ts';
import { textVersion } from '../../lib/text-version.ts';
import { CONSENT_RECORD, USER_CONSENTS, type ConsentFields } from './operations.ts';

const PURPOSES = ['ANALYTICS', 'MARKETING_EMAIL'] as const;
type Purpose = (typeof PURPOSES)[number];

/** Where a consent was given or withdrawn, in the user's words: the banner, my account, a marketing form. */
const sourceKey = (source: string) => (source.startsWith('form:') ? 'privacy.consent.source.form' : `privacy.consent.source.${source === 'banner' ? 'banner' : 'account'}`);

/**
 * My account's consents on record (issue 38): for analytics and marketing e-mail, the decision in force
 * (given or withdrawn, when, where), and a button to withdraw it or give it again, which is put on record
 * with the wording shown here. Analytics withdrawn (here or on another device) is this browser's choice
 * too: its events stop.
 */
export function ConsentsSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const { data, refetch } = useQuery(USER_CONSENTS, { fetchPolicy: 'cache-and-network' });
  const [record, recording] = useMutation(CONSENT_RECORD);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const consents = data?.me?.consents ?? [];
  const inForce = (purpose: Purpose): ConsentFields | undefined => consents.find((c: ConsentFields) => c.purpose === purpose);

  // A choice made in the banner while this page is open (the footer's "Analytics choice") is listed once on record.
  useEffect(() => {
    const reread = () => void refetch();
    window.addEventListener(CONSENT_RECORDED_EVENT, reread);
    return () => window.removeEventListener(CONSENT_RECORDED_EVENT, reread);
  }, [refetch]);

  // Withdrawn on record (another device, my account before): this browser stops its analytics too.
  const analytics = inForce('ANALYTICS');
  useEffect(() => {
    if (analytics && !analytics.granted && currentConsent() === 'granted') setAnalyticsConsent('denied');
  }, [analytics]);

  const change = async (purpose: Purpose, granted: boolean) => {
    setStatus(null);
    const wording = textVersion(`privacy.consent.${purpose}.text`, `${t(`privacy.consent.${purpose}.title`)}\n${t(`privacy.consent.${purpose}.text`)}`);
    try {
      const input = {
        purpose, granted, source: 'account', textVersion: wording, locale: base.languageCode,
        ...(purpose === 'ANALYTICS' && analyticsBrowserId(granted) ? { anonymousId: analyticsBrowserId(granted) } : {}),
      };
      const payload = (await record({ variables: { input } })).data?.consentRecord;
      if (!payload?.consent || payload.errors.length) {
        setStatus({ kind: 'error', text: t('privacy.error') });
        return;
      }
      if (purpose === 'ANALYTICS') setAnalyticsConsent(granted ? 'granted' : 'denied');
      await refetch();
      setStatus({ kind: 'ok', text: t('privacy.consent.saved') });
    } catch {
      setStatus({ kind: 'error', text: t('privacy.error') });
    }
  };

  return (
    <div className="your-data__block" data-testid="consents">
      <h3>{t('privacy.consents.title')}</h3>
      <p>{t('privacy.consents.text')}</p>
      <ul className="your-data__consents">
        {PURPOSES.map((purpose) => {
          const consent = inForce(purpose);
          const date = consent ? intl.formatDate(consent.recordedAt, { dateStyle: 'medium', timeStyle: 'short' }) : '';
          const titleId = `consent-${purpose}-title`;
          return (
            <li key={purpose} className="your-data__consent" data-testid={`consent-${purpose}`}>
              <div>
                <p className="your-data__consent-title" id={titleId}>{t(`privacy.consent.${purpose}.title`)}</p>
                <p>{t(`privacy.consent.${purpose}.text`)}</p>
                <p className="your-data__consent-state" data-state={consent ? (consent.granted ? 'given' : 'withdrawn') : 'none'}>
                  {consent
                    ? t(consent.granted ? 'privacy.consent.given' : 'privacy.consent.withdrawn', { date, source: t(sourceKey(consent.source)) })
                    : t('privacy.consent.none')}
                </p>
              </div>
              <button type="button" className={consent?.granted ? 'button button--ghost' : 'button'} aria-describedby={titleId} disabled={recording.loading}
                onClick={() => void change(purpose, !consent?.granted)}>
                {t(consent?.granted ? 'privacy.consent.withdraw' : 'privacy.consent.give')}
              </button>
            </li>
          );
        })}
      </ul>
      <p className={status?.kind === 'error' ? 'account-status form-errors' : 'account-status'} role="status">{status?.text ?? ''}</p>
    </div>
  );
}
