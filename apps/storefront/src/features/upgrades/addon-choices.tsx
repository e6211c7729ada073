import { PRO_CUSTOM_ADDONS, type ProCustomAddon } from '@probe/domain';
import { useT } from './use-t.ts';

/**
 * The four Pro Custom add-ons as checkboxes. `locked` ones are shown checked and cannot be changed (the
 * add-ons an upgrade keeps); `offered` limits the list (a downgrade offers only what the plan has).
 */
export function AddonChoices({ legend, chosen, onChange, locked = [], offered = PRO_CUSTOM_ADDONS }: {
  legend: string;
  chosen: readonly ProCustomAddon[];
  onChange: (next: ProCustomAddon[]) => void;
  locked?: readonly ProCustomAddon[];
  offered?: readonly ProCustomAddon[];
}) {
  const t = useT();
  const toggle = (addon: ProCustomAddon, on: boolean) => onChange(on ? [...chosen, addon] : chosen.filter((a) => a !== addon));
  return (
    <fieldset className="upgrade-options" data-testid="addon-choices">
      <legend>{legend}</legend>
      {offered.map((addon) => {
        const isLocked = locked.includes(addon);
        return (
          <label key={addon} className="upgrade-option">
            <input type="checkbox" name="addon" value={addon} checked={isLocked || chosen.includes(addon)} disabled={isLocked}
              onChange={(e) => toggle(addon, e.target.checked)} />
            <span className="upgrade-option__body">
              <span className="upgrade-option__title">{t(`proCustom.addon.${addon}`)}{isLocked ? <span className="upgrade-badge">{t('upgrade.proCustom.included')}</span> : null}</span>
              <span className="upgrade-option__text">{t(`proCustom.addon.${addon}.text`)}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
