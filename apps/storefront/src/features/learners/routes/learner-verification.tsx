import { useQuery } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { LearnerMarket } from '../../../graphql/generated.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useSignedIn } from '../../account/use-signed-in.ts';
import { LearnerForm } from '../learner-form.tsx';
import { LEARNER_VERIFICATION, type LearnerVerificationFields } from '../operations.ts';
import { ProofLink } from '../proof-link.tsx';
import '../../account/account.css';
import '../../checkout/routes/checkout.css';
import './learner-verification.css';
import { failOnUserData } from '../../account/user-data-failure.ts';

/**
 * Learner status verification, human (/{cc}/{lang}/learner-verification/) and veterinary
 * (/{cc}/{lang}/vet/learner-verification/): a signed-in student or trainee sends a proof of enrollment;
 * the page then shows where it stands (waiting, approved until a date, or refused with the reason and
 * the form again). Read in the browser, where the token lives; a signed-out visitor is sent to sign in.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const market: LearnerMarket = useLocation().pathname.includes('/vet/') ? 'VETERINARY' : 'HUMAN';
  const title = t(market === 'VETERINARY' ? 'learner.titleVet' : 'learner.title');
  usePageTitle(`${title} · ${t('app.brand')}`);
  const signedIn = useSignedIn(base.language);
  const { data, error } = useQuery(LEARNER_VERIFICATION, { variables: { market }, skip: signedIn !== 'yes', fetchPolicy: 'network-only' });
  failOnUserData(error);

  if (!data?.me) {
    return (
      <div className="container page learner-page">
        <h1>{title}</h1>
        {error || (data && !data.me) ? <p role="alert">{t('account.loadFailed')}</p> : <Spinner label={signedIn === 'no' ? t('account.signingIn') : t('app.loading')} />}
      </div>
    );
  }
  const flags = data.shop.programFlags;
  const runs = market === 'VETERINARY' ? flags.vetStudentPromo : flags.studentPromo;
  const verification = data.me.learnerVerification;
  return (
    <div className="container page learner-page">
      <h1>{title}</h1>
      <p className="page__lead">{t(runs ? 'learner.lead' : 'learner.leadNoPrice')}</p>
      {verification ? <Status verification={verification} basePath={base.basePath} market={market} runs={runs} /> : null}
      {!verification || verification.status === 'REJECTED' ? <LearnerForm market={market} /> : null}
      <p><Link to={`${base.basePath}/account/`}>{t('account.backToAccount')}</Link></p>
    </div>
  );
}

function Status({ verification: v, basePath, market, runs }: { verification: LearnerVerificationFields; basePath: string; market: LearnerMarket; runs: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const date = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'long' }) : '');
  const shop = market === 'VETERINARY' ? `${basePath}/vet/` : `${basePath}/iq/`;
  return (
    <section className={`learner-status learner-status--${v.status.toLowerCase()}`} aria-labelledby="learner-status-title" data-testid="learner-status">
      <h2 id="learner-status-title">{t(`learner.status.${v.status}`)}</h2>
      {v.status === 'PENDING' ? <p>{t(runs ? 'learner.pending' : 'learner.pendingNoPrice', { date: date(v.createdAt) })}</p> : null}
      {v.status === 'APPROVED' ? <p>{t(runs ? 'learner.approved' : 'learner.approvedNoPrice', { date: date(v.validUntil) })} <Link to={shop}>{t('learner.shop')}</Link></p> : null}
      {v.status === 'REJECTED' ? (
        <>
          <p>{t('learner.rejected', { date: date(v.decidedAt) })}</p>
          {v.decisionNote ? <blockquote className="learner-status__note">{v.decisionNote}</blockquote> : null}
          <p>{t('learner.tryAgain')}</p>
        </>
      ) : null}
      <dl className="learner-status__facts">
        <div><dt>{t('learner.form.traineeType')}</dt><dd>{t(`learner.traineeType.${v.traineeType}`)}</dd></div>
        <div><dt>{t('learner.form.institution')}</dt><dd>{v.institution}</dd></div>
        <div><dt>{t('learner.form.graduationYear')}</dt><dd>{v.graduationYear}</dd></div>
      </dl>
      <ProofLink url={v.proofUrl} name={v.proofName} />
    </section>
  );
}
