import {
  EXPERIENCE_LEVELS, isVetSpecialty, PRACTITIONER_BANDS, readSurveyAnswers, SURVEY_PARAMS, SURVEY_ROLES, SURVEY_SPECIALTIES, type SurveyAnswers,
} from '@probe/domain';
import { useIntl } from 'react-intl';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { queryOf, stepOrRedirect } from '../flow-catalogue.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { useStepFlow } from '../use-step-flow.ts';
import { Choice, StepFlow, StepForm, StepHeading } from '../step-flow.tsx';
import './flows.css';

/** The survey's steps, each asking one answer of spec §3 (practitioner band, role/trainee type, experience, specialty). */
const STEPS = ['practitioners', 'role', 'experience', 'specialty'] as const satisfies ReadonlyArray<keyof SurveyAnswers>;
const VALUES: { [K in (typeof STEPS)[number]]: readonly string[] } = {
  practitioners: PRACTITIONER_BANDS,
  role: SURVEY_ROLES,
  experience: EXPERIENCE_LEVELS,
  specialty: SURVEY_SPECIALTIES,
};

/** Spec §2 /pricing-survey/{step?}/: one question per step; the last one opens the results. The answers live in the link. */
export function loader(args: LoaderFunctionArgs) {
  const answers = readSurveyAnswers(new URL(args.request.url).searchParams);
  const index = stepOrRedirect(args, 'pricing-survey', STEPS.map((id) => ({ id, answered: answers[id] !== undefined })));
  return { index, answers };
}

export function Component() {
  const intl = useIntl();
  const { index, answers } = useLoaderData<typeof loader>();
  const title = intl.formatMessage({ id: 'survey.title' });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(PAGE_VIEWS.pricingSurvey);
  const { base, flowPath, steps, step, previous, next } = useStepFlow('pricing-survey', STEPS, index, 'survey');
  const pairs = STEPS.flatMap((id) => (answers[id] ? [[SURVEY_PARAMS[id], answers[id]] as [string, string]] : []));
  const before = STEPS.slice(0, index).map((id) => [SURVEY_PARAMS[id], answers[id]!] as [string, string]);
  const back = previous ? `${previous}${queryOf(pairs)}` : null;
  const last = index === STEPS.length - 1;
  const action = last ? `${base.basePath}/survey-results/` : next;
  const current = answers[step];
  const option = (value: string) => (
    <Choice key={value} type="radio" name={SURVEY_PARAMS[step]} value={value} required checked={current ? current === value : false}
      title={intl.formatMessage({ id: `survey.${step}.${value}` })}
      text={step === 'specialty' ? undefined : intl.formatMessage({ id: `survey.${step}.${value}.text` })}
    />
  );
  return (
    <StepFlow title={title} lead={intl.formatMessage({ id: 'survey.lead' })} steps={steps} current={index} flowPath={flowPath} query={queryOf(pairs)}>
      <StepHeading>{intl.formatMessage({ id: `survey.${step}.heading` })}</StepHeading>
      <StepForm action={action} back={back} carry={before} nextLabel={last ? intl.formatMessage({ id: 'survey.seeResults' }) : undefined}>
        {step === 'specialty' ? (
          <>
            <fieldset className="choices choices--two">
              <legend className="choices__legend">{intl.formatMessage({ id: 'nav.human' })}</legend>
              {SURVEY_SPECIALTIES.filter((s) => !isVetSpecialty(s)).map(option)}
            </fieldset>
            <fieldset className="choices choices--two choices--spaced">
              <legend className="choices__legend">{intl.formatMessage({ id: 'nav.vet' })}</legend>
              {SURVEY_SPECIALTIES.filter(isVetSpecialty).map(option)}
            </fieldset>
          </>
        ) : (
          <fieldset className="choices" aria-labelledby="step-heading">
            {VALUES[step].map(option)}
          </fieldset>
        )}
      </StepForm>
    </StepFlow>
  );
}
