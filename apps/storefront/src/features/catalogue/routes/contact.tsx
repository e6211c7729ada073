import { contactPage, offersAcademyCourses, returnPolicyLink, showsEnglishOnlyCourseNote, supportLink } from '@probe/domain';
import { useIntl } from 'react-intl';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import './contact.css';

/** Contact (/contact/): the regional team (or the default page), support, returns and the Academy (spec §1, §2). */
export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const region = contactPage(base.country);
  usePageTitle(`${intl.formatMessage({ id: 'contact.title' })} · ${intl.formatMessage({ id: 'app.brand' })}`);
  const email = `${region === 'default' ? 'sales' : `sales-${region}`}@probe-medical.example`;
  return (
    <div className="container page">
      <h1>{intl.formatMessage({ id: 'contact.title' })}</h1>
      <p className="page__lead">{intl.formatMessage({ id: region === 'default' ? 'contact.leadDefault' : 'contact.leadRegional' })}</p>
      <div className="contact-grid" data-region={region}>
        <section className="contact-card" aria-labelledby="contact-sales">
          <h2 id="contact-sales">{intl.formatMessage({ id: 'contact.sales' })}</h2>
          <p>{intl.formatMessage({ id: 'contact.salesText' })}</p>
          <a href={`mailto:${email}`}>{email}</a>
        </section>
        <section className="contact-card" aria-labelledby="contact-support">
          <h2 id="contact-support">{intl.formatMessage({ id: 'contact.support' })}</h2>
          <p>{intl.formatMessage({ id: 'contact.supportText' })}</p>
          <a href={supportLink(base.country, base.languageCode)} rel="noopener">{intl.formatMessage({ id: 'contact.supportLink' })}</a>
        </section>
        <section className="contact-card" aria-labelledby="contact-returns">
          <h2 id="contact-returns">{intl.formatMessage({ id: 'contact.returns' })}</h2>
          <p>{intl.formatMessage({ id: 'contact.returnsText' })}</p>
          <a href={returnPolicyLink(base.country, base.languageCode)} rel="noopener">{intl.formatMessage({ id: 'contact.returnsLink' })}</a>
        </section>
        {offersAcademyCourses(base.country) ? (
          <section className="contact-card" aria-labelledby="contact-academy">
            <h2 id="contact-academy">{intl.formatMessage({ id: 'contact.academy' })}</h2>
            <p>{intl.formatMessage({ id: 'contact.academyText' })}</p>
            {showsEnglishOnlyCourseNote(base.country, base.locale) ? (
              <p className="contact-card__note" data-testid="english-only-note">{intl.formatMessage({ id: 'contact.academyEnglishOnly' })}</p>
            ) : null}
          </section>
        ) : null}
      </div>
    </div>
  );
}
