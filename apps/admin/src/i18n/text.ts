import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type en from './messages/en.json';

/** A key of the console's catalogues. */
export type MessageId = keyof typeof en;
type Values = Record<string, string | number | Date | null | undefined>;

const languageNames = new Map<string, Intl.DisplayNames>();
const regionNames = new Map<string, Intl.DisplayNames>();

/** The console's words and formats in one locale: messages, money, times, numbers, language names. */
export function textOf(intl: IntlShape) {
  const t = (id: MessageId, values?: Values): string => intl.formatMessage({ id }, values);
  return {
    t,
    /** Amounts are integer minor units; every store currency has two decimals. */
    money: (minor: number, currency: string) => intl.formatNumber(minor / 100, { style: 'currency', currency: currency.toUpperCase() }),
    /** A time as the server keeps it, in UTC and said so; no time is a dash. */
    when: (iso: string | null) => (iso ? t('common.utcTime', { time: intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) }) : '—'),
    /** A day the server names as YYYY-MM-DD (a UTC day). */
    day: (date: string, style: 'medium' | 'short' = 'medium') =>
      style === 'short' ? intl.formatDate(`${date}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }) : intl.formatDate(`${date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
    number: (value: number) => intl.formatNumber(value),
    /** An amount in minor units as a plain decimal for an input (no grouping, the locale's decimal sign; the inputs take either sign). */
    decimal: (minor: number) => intl.formatNumber(minor / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
    /** "German (de)" / "Deutsch (de)": how the console names a catalogue language. */
    languageName: (code: string) => {
      let names = languageNames.get(intl.locale);
      if (!names) languageNames.set(intl.locale, (names = new Intl.DisplayNames([intl.locale], { type: 'language' })));
      return `${names.of(code === 'no' ? 'nb' : code) ?? code} (${code})`;
    },
    /** "Singapore (SG)" / "Singapur (SG)": how the console names a country. */
    countryName: (code: string) => {
      let names = regionNames.get(intl.locale);
      if (!names) regionNames.set(intl.locale, (names = new Intl.DisplayNames([intl.locale], { type: 'region' })));
      return `${names.of(code) ?? code} (${code})`;
    },
  };
}

export type Text = ReturnType<typeof textOf>;

/** The console's words and formats in the staff member's language (the IntlProvider in main.tsx). */
export function useText(): Text {
  const intl = useIntl();
  return useMemo(() => textOf(intl), [intl]);
}
