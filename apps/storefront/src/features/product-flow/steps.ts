/** One step of a URL-driven flow: its path segment and whether the answers it asks for are in the link. */
export interface StepState {
  id: string;
  answered: boolean;
}

export type StepResolution = { kind: 'show'; index: number } | { kind: 'redirect'; id: string };

/**
 * Which step a flow shows for the link's {step?} segment. No segment is the first step. A step whose
 * earlier steps are not all answered, or an unknown step, sends the buyer to the first unanswered
 * step (the first step when all are answered and the segment is unknown).
 */
export function resolveStep(steps: readonly StepState[], requested: string | undefined): StepResolution {
  if (!steps.length) throw new Error('a flow has at least one step');
  if (requested === undefined || requested === '') return { kind: 'show', index: 0 };
  const index = steps.findIndex((s) => s.id === requested);
  const firstOpen = steps.findIndex((s) => !s.answered);
  if (index === -1) return { kind: 'redirect', id: steps[firstOpen === -1 ? 0 : firstOpen]!.id };
  if (firstOpen !== -1 && firstOpen < index) return { kind: 'redirect', id: steps[firstOpen]!.id };
  return { kind: 'show', index };
}

/** The path of a step: the first step has no segment of its own. */
export function stepPath(flowPath: string, steps: readonly { id: string }[], id: string): string {
  return steps[0]?.id === id ? `${flowPath}/` : `${flowPath}/${id}/`;
}
