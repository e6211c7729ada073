import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { Me } from '../layout.tsx';
import { download, gql } from '../api.ts';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import { useData, useDescribe } from '../use-data.ts';
import type { MessageId } from '../i18n/text.ts';

/** A learner's kind of training in the console's words (a kind the console does not know yet as the server names it). */
const TRAINEE_WORDS: Record<string, MessageId> = { MEDICAL_STUDENT: 'learners.trainee.MEDICAL_STUDENT', RESIDENT: 'learners.trainee.RESIDENT', OTHER_TRAINEE: 'learners.trainee.OTHER_TRAINEE' };

interface Request { id: string; email: string; market: string; traineeType: string; institution: string; graduationYear: number; proofName: string; proofUrl: string; createdAt: string }
const QUEUE = '{ learnerVerifications(status: "PENDING") { id email market traineeType institution graduationYear proofName proofUrl createdAt } }';
const DECIDE = 'mutation Decide($id: String!, $approve: Boolean!, $note: String) { learnerVerificationDecide(id: $id, approve: $approve, note: $note) { verification { status } errors { field message } } }';

/** Learners waiting for a decision, oldest first: read their proof, approve, or reject saying why (the learner reads it). */
export function LearnersPage() {
  // Support and catalogue managers read the queue; deciding is for order managers and the owner.
  const canDecide = useOutletContext<Me>().permissions.includes('learners.decide');
  const { data, error, reload } = useData(() => gql<{ learnerVerifications: Request[] }>(QUEUE).then((d) => d.learnerVerifications), []);
  return (
    <>
      <h1><FormattedMessage id="learners.title" /></h1>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {canDecide ? null : <p className="note" data-testid="read-only"><FormattedMessage id="learners.readOnly" /></p>}
      <Outcome place="learners" />
      {data?.length === 0 ? <p><FormattedMessage id="learners.empty" /></p> : null}
      <ul className="queue">{data?.map((r) => <li key={r.id}><Decision request={r} onDone={reload} canDecide={canDecide} /></li>)}</ul>
    </>
  );
}

function Decision({ request: r, onDone, canDecide }: { request: Request; onDone: () => void; canDecide: boolean }) {
  const { t, when } = useText();
  const describe = useDescribe();
  const [note, setNote] = useState('');
  // A refusal is said on the request's card (with the reason typed kept); a decision above the queue, the card being gone.
  const outcome = useOutcome(`learner-${r.id}`);
  const decided = useOutcome('learners');
  const decide = async (approve: boolean) => {
    outcome.clear();
    try {
      const { learnerVerificationDecide: d } = await gql<{ learnerVerificationDecide: { verification: { status: string } | null; errors: Array<{ message: string }> } }>(DECIDE, { id: r.id, approve, note: note.trim() || null });
      if (d.errors.length) outcome.failed(d.errors.map((e) => e.message).join(' '));
      else {
        decided.done(t(approve ? 'learners.approved' : 'learners.rejected', { email: r.email }));
        onDone();
      }
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  return (
    <article className="card" aria-label={t('learners.request', { email: r.email })}>
      <h2>{r.email}</h2>
      <p>{t(r.market === 'VETERINARY' ? 'learners.market.veterinary' : 'learners.market.human')} · {TRAINEE_WORDS[r.traineeType] ? t(TRAINEE_WORDS[r.traineeType]!) : r.traineeType} · {r.institution} · {t('learners.graduating', { year: String(r.graduationYear) })} · {t('learners.sent', { time: when(r.createdAt) })}</p>
      <p><button type="button" className="link" onClick={() => void download(r.proofUrl, r.proofName).catch((e: unknown) => outcome.failed(describe(e)))}><FormattedMessage id="learners.downloadProof" values={{ name: r.proofName }} /></button></p>
      {canDecide ? (
        <>
          <div className="field"><label htmlFor={`note-${r.id}`}><FormattedMessage id="learners.reason" /></label><input id={`note-${r.id}`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} /></div>
          <p className="actions">
            <button type="button" onClick={() => void decide(true)}><FormattedMessage id="learners.approve" /></button>
            <button type="button" className="secondary" onClick={() => void decide(false)}><FormattedMessage id="learners.reject" /></button>
          </p>
        </>
      ) : null}
      <Outcome place={`learner-${r.id}`} />
    </article>
  );
}
