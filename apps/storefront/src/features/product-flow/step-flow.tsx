import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Form, Link } from 'react-router';
import { scrollToElement } from '../../lib/scroll.ts';
import { stepPath } from './steps.ts';
import { AddToCart } from '../checkout/add-to-cart.tsx';
import { ProbeGate } from '../account/probe-gate.tsx';
import { useBaseData } from '../../data/route-data.ts';
import type { TaxedFields } from '../../data/shop-operations.ts';
import { Price, taxNoteId } from '../../ui/price.tsx';
import './step-flow.css';

export interface FlowStepLabel {
  id: string;
  label: string;
}

/**
 * The frame of a URL-driven step flow: the page heading, the steps (answered ones are links back), and
 * the current step under its own heading, which the page scrolls to and focuses when the step changes.
 */
export function StepFlow({ title, lead, steps, current, flowPath, query, children }: {
  title: string;
  lead?: ReactNode;
  steps: FlowStepLabel[];
  current: number;
  /** The flow's path without a trailing slash, e.g. /us/en/all-in. */
  flowPath: string;
  /** The answers' query, with its "?", kept by the step links. */
  query: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const stepId = steps[current]?.id;
  const shown = useRef(false);
  // After a step change (not on the first paint) bring the new step's heading into view and focus it.
  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      return;
    }
    const heading = document.getElementById('step-heading');
    return heading ? scrollToElement(heading, { focus: true }) : undefined;
  }, [stepId]);
  return (
    <div className="container page flow">
      <h1>{title}</h1>
      {lead ? <p className="page__lead">{lead}</p> : null}
      <nav className="stepper" aria-label={intl.formatMessage({ id: 'flow.progress' })}>
        <ol>
          {steps.map((step, i) => {
            const state = i < current ? 'done' : i === current ? 'current' : 'todo';
            const body = (
              <>
                <span className="stepper__number" aria-hidden="true">{i < current ? '✓' : i + 1}</span>
                <span className="stepper__label">{step.label}</span>
              </>
            );
            return (
              <li key={step.id} className={`stepper__step is-${state}`} aria-current={i === current ? 'step' : undefined}>
                {i < current ? <Link to={`${stepPath(flowPath, steps, step.id)}${query}`} preventScrollReset>{body}</Link> : <span>{body}</span>}
              </li>
            );
          })}
        </ol>
      </nav>
      <p className="flow__count">{intl.formatMessage({ id: 'flow.stepOf' }, { current: current + 1, total: steps.length })}</p>
      <section className="flow__step" aria-labelledby="step-heading" key={steps[current]?.id}>
        {children}
      </section>
    </div>
  );
}

/** A step's heading: the target of the scroll and focus when the step changes. */
export function StepHeading({ children }: { children: ReactNode }) {
  return <h2 id="step-heading" tabIndex={-1} className="flow__heading">{children}</h2>;
}

/**
 * A step's form: GET to the next step, carrying the earlier answers as hidden fields, so every step is
 * a plain link that works without script, by keyboard, and can be shared.
 */
export function StepForm({ action, carry, back, nextLabel, children }: {
  action: string;
  carry: ReadonlyArray<readonly [string, string]>;
  back?: string | null;
  nextLabel?: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Form method="get" action={action} preventScrollReset className="step-form">
      {carry.map(([name, value], i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />)}
      {children}
      <StepActions back={back}>
        <button type="submit" className="button">{nextLabel ?? intl.formatMessage({ id: 'flow.next' })}</button>
      </StepActions>
    </Form>
  );
}

export function StepActions({ back, children }: { back?: string | null; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="step-actions">
      {back ? (
        <Link className="button button--ghost" to={back} preventScrollReset>
          <span aria-hidden="true" className="step-actions__arrow">←</span> {intl.formatMessage({ id: 'flow.back' })}
        </Link>
      ) : <span />}
      {children}
    </div>
  );
}

/** One choice of a step: a radio or checkbox card with its text and price. */
export function Choice({ type, name, value, checked, required, title, text, price, badge, disabled }: {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  required?: boolean;
  title: ReactNode;
  text?: ReactNode;
  price?: ReactNode;
  badge?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <label className="choice">
      <input type={type} name={name} value={value} defaultChecked={checked} required={required} disabled={disabled} />
      <span className="choice__body">
        <span className="choice__title">{title}{badge ? <span className="choice__badge">{badge}</span> : null}</span>
        {text ? <span className="choice__text">{text}</span> : null}
      </span>
      {price ? <span className="choice__price">{price}</span> : null}
    </label>
  );
}

export interface SummaryLine {
  sku: string;
  name: string;
  detail?: string;
  price: TaxedFields;
  previous?: TaxedFields | null;
  available: boolean;
  /** How many of the line; the price shown is for all of them. */
  quantity?: number;
  /** The variant's probe model and plan kind: a probe the signed-in buyer may not buy is not offered (spec §6). */
  model?: string | null;
  planKind?: string;
}

/**
 * The summary of a flow: the chosen lines with their prices and the total, each line with the store's
 * add-to-cart control (with its quantity), and one control adding them all.
 */
export function FlowSummary({ lines, total, displayGross, suffix = null, note }: {
  lines: SummaryLine[];
  total: TaxedFields | null;
  displayGross: boolean;
  suffix?: 'yr' | null;
  note?: ReactNode;
}) {
  const intl = useIntl();
  const base = useBaseData();
  return (
    <div className="flow-summary">
      <ul className="flow-summary__lines">
        {lines.map((line) => (
          <li key={line.sku} className="flow-summary__line">
            <div className="flow-summary__name">
              <span className="flow-summary__title">{line.quantity && line.quantity > 1 ? `${line.quantity} × ` : ''}{line.name}</span>
              {line.detail ? <span className="flow-summary__detail">{line.detail}</span> : null}
            </div>
            <div className="flow-summary__price">
              <Price price={line.price} previous={line.previous ?? null} displayGross={displayGross} suffix={suffix} />
            </div>
            <div className="flow-summary__add" role="group" aria-label={line.name}>
              <ProbeGate offered={[line]}>
                <AddToCart sku={line.sku} name={line.name} available={line.available} quantity={line.quantity ?? 1} />
              </ProbeGate>
            </div>
          </li>
        ))}
      </ul>
      {total ? (
        <p className="flow-summary__total">
          <span>{intl.formatMessage({ id: 'flow.total' })}</span>
          <Price price={total} displayGross={displayGross} suffix={suffix} size="large" />
        </p>
      ) : null}
      <p className="flow-summary__tax">{intl.formatMessage({ id: taxNoteId(base.country, displayGross) })}</p>
      {lines.length > 1 ? (
        <div className="flow-summary__add-all">
          <ProbeGate offered={lines}>
            <AddToCart sku={lines[0]!.sku} name={intl.formatMessage({ id: 'flow.everything' })} available={lines.every((l) => l.available)}
              lines={lines.map((l) => ({ sku: l.sku, quantity: l.quantity ?? 1 }))} label={intl.formatMessage({ id: 'flow.addAll' })} />
          </ProbeGate>
        </div>
      ) : null}
      {note ? <p className="flow-summary__note">{note}</p> : null}
    </div>
  );
}
