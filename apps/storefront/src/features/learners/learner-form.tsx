import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { LearnerMarket, TraineeType } from '../../graphql/generated.ts';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import { Field } from '../../ui/field.tsx';
import { FieldError, FormErrors, fieldErrors } from '../../ui/form-errors.tsx';
import { LEARNER_VERIFICATION, LEARNER_VERIFICATION_REQUEST } from './operations.ts';

const OPERATION = 'LearnerVerificationRequest';
const TRAINEE_TYPES: TraineeType[] = ['MEDICAL_STUDENT', 'RESIDENT', 'OTHER_TRAINEE'];
/** As the server checks it: a PDF or an image, at most 5 MB (its content is checked there). */
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';

/**
 * The learner's request: who they are as a learner, where, until when, and the proof. What they typed
 * stays when a field is refused; the file stays chosen. The server's answer replaces the form with the
 * pending request (the page's query is refreshed).
 */
export function LearnerForm({ market }: { market: LearnerMarket }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const ids = { type: useId(), year: useId(), proof: useId() };
  const year = new Date().getFullYear();
  const [traineeType, setTraineeType] = useState<TraineeType>('MEDICAL_STUDENT');
  const [institution, setInstitution] = useState('');
  const [graduationYear, setGraduationYear] = useState(year + 1);
  const file = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [send, { loading }] = useMutation(LEARNER_VERIFICATION_REQUEST, { refetchQueries: [{ query: LEARNER_VERIFICATION, variables: { market } }], awaitRefetchQueries: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const proof = file.current?.files?.[0];
    const local: BusinessErrorFields[] = [];
    if (!institution.trim()) local.push({ field: 'institution', code: 'REQUIRED', message: '' });
    if (!proof) local.push({ field: 'proof', code: 'REQUIRED', message: '' });
    else if (proof.size > MAX_BYTES || proof.size === 0) local.push({ field: 'proof', code: 'BAD_PROOF_OF_ENROLLMENT', message: '' });
    setErrors(local);
    if (local.length || !proof) return;
    try {
      const { data } = await send({ variables: { input: { market, traineeType, institution: institution.trim(), graduationYear, proof } } });
      setErrors(data?.learnerVerificationRequest.errors ?? []);
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: '' }]);
    }
  };

  const proofErrors = fieldErrors(errors, 'proof');
  const general = errors.filter((e) => !['institution', 'graduationYear', 'proof', 'traineeType'].includes(e.field ?? ''));
  return (
    <form className="learner-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="learner-form-title">
      <h2 id="learner-form-title">{t('learner.form.title')}</h2>
      <FormErrors errors={general} operation={OPERATION} />
      <div className="field">
        <label htmlFor={ids.type}>{t('learner.form.traineeType')}</label>
        <select id={ids.type} value={traineeType} onChange={(e) => setTraineeType(e.target.value as TraineeType)}>
          {TRAINEE_TYPES.map((type) => <option key={type} value={type}>{t(`learner.traineeType.${type}`)}</option>)}
        </select>
      </div>
      <Field name="institution" label={t('learner.form.institution')} errors={errors} operation={OPERATION} required autoComplete="organization"
        value={institution} onChange={(e) => setInstitution(e.target.value)} maxLength={200} />
      <div className={`field${fieldErrors(errors, 'graduationYear').length ? ' field--invalid' : ''}`}>
        <label htmlFor={ids.year}>{t('learner.form.graduationYear')}</label>
        <select id={ids.year} value={graduationYear} onChange={(e) => setGraduationYear(Number(e.target.value))}
          aria-invalid={fieldErrors(errors, 'graduationYear').length ? true : undefined} aria-describedby={fieldErrors(errors, 'graduationYear').length ? `${ids.year}-error` : undefined}>
          {Array.from({ length: 9 }, (_, i) => year + i).map((y) => <option key={y} value={y}>{y}</option>)}
        </select>
        <FieldError id={`${ids.year}-error`} errors={fieldErrors(errors, 'graduationYear')} operation={OPERATION} />
      </div>
      <div className={`field${proofErrors.length ? ' field--invalid' : ''}`}>
        <label htmlFor={ids.proof}>{t('learner.form.proof')}<span aria-hidden="true"> *</span></label>
        <input id={ids.proof} ref={file} type="file" accept={ACCEPT} required data-testid="learner-proof"
          aria-invalid={proofErrors.length ? true : undefined} aria-describedby={`${ids.proof}-hint${proofErrors.length ? ` ${ids.proof}-error` : ''}`} />
        <p className="field__hint" id={`${ids.proof}-hint`}>{t('learner.form.proofHint')}</p>
        <FieldError id={`${ids.proof}-error`} errors={proofErrors} operation={OPERATION} />
      </div>
      <button type="submit" className="button" disabled={loading}>{loading ? t('learner.form.sending') : t('learner.form.send')}</button>
    </form>
  );
}
