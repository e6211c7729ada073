import { catalogueLanguage, languageCodeEnum, type KnownCountry, type LanguageCodeValue, type UrlLanguage } from '@probe/domain';
import type { Params } from 'react-router';
import { readPromoCode } from '../session/promo-code.ts';

/** The catalogue variables of a store route: its country, its language and the voucher from the link or storage. */
export function catalogueVariables(params: Params, request: Request): { country: KnownCountry; languageCode: LanguageCodeValue; voucherCode: string | null } {
  const country = (params.countryCode ?? '').toUpperCase() as KnownCountry;
  const languageCode = languageCodeEnum(catalogueLanguage(country, params.language as UrlLanguage));
  const search = new URL(request.url).search;
  const query = new URLSearchParams(search);
  const voucherCode = typeof document === 'undefined' ? (query.get('voucherCode') ?? query.get('rsCode')) : readPromoCode(search);
  return { country, languageCode, voucherCode };
}
