import { UNAVAILABLE_COUNTRY_COOKIE } from '@probe/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useBaseData, useStoreData, type StoreData } from '../../data/route-data.ts';

/** Tells a visitor sent away from a country without pricing why they see another country's store. */
export function UnavailableCountryNotice({ country }: { country: NonNullable<StoreData['unavailableCountry']> }) {
  const intl = useIntl();
  const base = useBaseData();
  const store = useStoreData();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const here = store?.countries.find((c) => c.code === base.country)?.country ?? base.country;
  const dismiss = () => {
    document.cookie = `${UNAVAILABLE_COUNTRY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    setOpen(false);
  };
  return (
    <div className="notice" role="status" data-testid="unavailable-country">
      <div className="container notice__inner">
        <p>{intl.formatMessage({ id: 'unavailable.notice' }, { country: country.name, defaultCountry: here })}</p>
        <button type="button" className="button button--ghost" onClick={dismiss}>{intl.formatMessage({ id: 'unavailable.dismiss' })}</button>
      </div>
    </div>
  );
}
