import { describe, expect, it } from 'vitest';
import { resolveStep, stepPath } from '../src/features/product-flow/steps.ts';

const flow = (...answered: boolean[]) => ['device', 'plan', 'accessories', 'summary'].map((id, i) => ({ id, answered: answered[i] ?? false }));

describe('step resolution of URL-driven flows', () => {
  it('shows the first step without a segment', () => {
    expect(resolveStep(flow(), undefined)).toEqual({ kind: 'show', index: 0 });
    expect(resolveStep(flow(), '')).toEqual({ kind: 'show', index: 0 });
  });

  it('shows a step whose earlier steps are answered', () => {
    expect(resolveStep(flow(true), 'plan')).toEqual({ kind: 'show', index: 1 });
    expect(resolveStep(flow(true, true, true), 'summary')).toEqual({ kind: 'show', index: 3 });
    expect(resolveStep(flow(true, true, true), 'device')).toEqual({ kind: 'show', index: 0 }); // going back keeps answers
  });

  it('sends a step with a missing earlier answer to the first unanswered step', () => {
    expect(resolveStep(flow(), 'summary')).toEqual({ kind: 'redirect', id: 'device' });
    expect(resolveStep(flow(true, false, true), 'summary')).toEqual({ kind: 'redirect', id: 'plan' });
  });

  it('sends an unknown step to the first unanswered one, or the first step', () => {
    expect(resolveStep(flow(true), 'nope')).toEqual({ kind: 'redirect', id: 'plan' });
    expect(resolveStep(flow(true, true, true, true), 'nope')).toEqual({ kind: 'redirect', id: 'device' });
  });

  it('gives the first step the flow path and the others their own segment', () => {
    expect(stepPath('/us/en/all-in', flow(), 'device')).toBe('/us/en/all-in/');
    expect(stepPath('/us/en/all-in', flow(), 'plan')).toBe('/us/en/all-in/plan/');
  });
});
