import type { CheckoutFields } from './operations.ts';

/** The checkout's steps, in order. Which apply, and which is current, follow from the checkout alone. */
const CHECKOUT_STEPS = ['contact', 'shipping', 'billing', 'payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

type StepState = Pick<CheckoutFields, 'email' | 'isShippingRequired' | 'shippingAddress' | 'shippingMethod' | 'billingAddress' | 'lines'>;

function isCheckoutStep(value: string | undefined): value is CheckoutStep {
  return (CHECKOUT_STEPS as readonly string[]).includes(value ?? '');
}

/** The steps this checkout has: shipping only when something ships. */
export function stepsFor(checkout: StepState): CheckoutStep[] {
  return CHECKOUT_STEPS.filter((s) => s !== 'shipping' || checkout.isShippingRequired);
}

/** Whether a step's data is complete. */
export function stepDone(checkout: StepState, step: CheckoutStep): boolean {
  switch (step) {
    case 'contact':
      return Boolean(checkout.email);
    case 'shipping':
      return !checkout.isShippingRequired || (Boolean(checkout.shippingAddress) && Boolean(checkout.shippingMethod));
    case 'billing':
      return Boolean(checkout.billingAddress);
    case 'payment':
      return false;
  }
}

/**
 * The step to show for a requested one: the requested step when every step before it is done, else the
 * first step that is not (a URL cannot skip ahead of the data). No step requested: the first not done.
 */
export function resolveStep(checkout: StepState, requested: string | undefined): CheckoutStep {
  const steps = stepsFor(checkout);
  const firstOpen = steps.find((s) => !stepDone(checkout, s)) ?? 'payment';
  if (!isCheckoutStep(requested) || !steps.includes(requested)) return firstOpen;
  return steps.indexOf(requested) <= steps.indexOf(firstOpen) ? requested : firstOpen;
}

/** The step after a completed one. */
export function nextStep(checkout: StepState, step: CheckoutStep): CheckoutStep {
  const steps = stepsFor(checkout);
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)]!;
}
