import type { ShouldRevalidateFunctionArgs } from 'react-router';

/** Spec §2: routes reload their data only when the country or language parameter changes. */
export function reloadOnLocaleChange({ currentParams, nextParams }: ShouldRevalidateFunctionArgs): boolean {
  return currentParams.countryCode !== nextParams.countryCode || currentParams.language !== nextParams.language;
}
