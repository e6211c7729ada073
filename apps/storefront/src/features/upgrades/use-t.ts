import { useIntl } from 'react-intl';

/** The route's messages as a function: t('upgrade.title'), t('upgrade.seatsValue', { seats: 3 }). */
export function useT(): (id: string, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}
