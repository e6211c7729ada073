import { useIntl } from 'react-intl';
import { useBaseData } from '../../data/route-data.ts';
import { stepPath } from './steps.ts';

/**
 * What every URL-driven step flow derives from its steps and the step shown: the flow's path, the
 * labelled steps (`<messagePrefix>.step.<id>`), and the paths of the previous and next steps. The
 * answers travel in the query, which the caller appends.
 */
export function useStepFlow<S extends string>(flow: string, ids: readonly S[], index: number, messagePrefix: string) {
  const intl = useIntl();
  const base = useBaseData();
  const flowPath = `${base.basePath}/${flow}`;
  const steps = ids.map((id) => ({ id, label: intl.formatMessage({ id: `${messagePrefix}.step.${id}` }) }));
  const pathOf = (id: S) => stepPath(flowPath, steps, id);
  return {
    base,
    flowPath,
    steps,
    step: ids[index]!,
    /** The previous step's path, or null on the first step. */
    previous: index > 0 ? pathOf(ids[index - 1]!) : null,
    /** The next step's path, or '' on the last step (a form posting to its own page). */
    next: index < ids.length - 1 ? pathOf(ids[index + 1]!) : '',
  };
}
