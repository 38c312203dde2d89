import { definitionRef, urgentNotices } from '@bilan/engine';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { patientApi } from '../api/patientApi';
import { ReviewPage } from '../review/ReviewPage';
import { ActionError } from '../ui/ActionError';
import { bandOfPart } from './bandOfPart';
import { endPatientSession } from './endPatientSession';
import { INCOMPLETE, SEND_FAILED, SEND_NETWORK, SESSION_EXPIRED, TOKEN_MISSING } from './flowMessages';
import { useFlowState } from './flowStore';
import { FlowProblem, FlowWaiting } from './FlowScreens';
import { EraseAnswers } from './EraseAnswers';
import { isFormFinished } from './resumeForm';
import { ResumedBanner } from './ResumedBanner';
import { saveQueue } from './saveQueue';
import { SavingNote } from './SavingNote';
import { SlowSaveBanner } from './SlowSaveBanner';
import { QuestionnaireLanguageMenu } from './QuestionnaireLanguageMenu';
import { useSavesEnded } from './useSavesEnded';
import { SessionGate } from './SessionGate';
import { ToPause } from './ToPause';
import { patientSession } from './session';
import { usePatientForm } from './usePatientForm';
import './patient.css';
import { t } from '../i18n/translate';

/** The finishing call's failures (D12), as what happened and what to do. */
function sendError(error: unknown): ActionError {
  if (!(error instanceof ApiError)) return new ActionError(SEND_FAILED(), true);
  if (error.isNetwork) return new ActionError(SEND_NETWORK(), true);
  if (error.status === 401) return new ActionError(SESSION_EXPIRED(), false);
  if (error.code === 'incomplete') return new ActionError(INCOMPLETE(), false);
  if (error.code.startsWith('pdf')) return new ActionError(`Erreur génération PDF\u00a0: ${error.message}`, true);
  return new ActionError(SEND_FAILED(), true);
}

/** /{pharmacyName}/parts{band}/summary: the patient's review page, then the finishing call (D12, D26). */
export function PatientReviewPage() {
  const { pharmacyName = '', part } = useParams();
  const navigate = useNavigate();
  const flow = useFlowState();
  const form = usePatientForm();
  const [sent, setSent] = useState(false);
  useSavesEnded(pharmacyName);
  const start = `/${encodeURIComponent(pharmacyName)}/userform`;
  // The thank-you screen is fetched now, so that the end of the flow cannot wait on the network.
  useEffect(() => {
    void import('./PatientThankYouPage');
  }, []);
  // Sent: the patient is forgotten at once; this page waits for the thank-you page, showing nothing of theirs.
  if (sent) return <FlowWaiting text={t('Vos réponses sont envoyées.')} />;
  if (!bandOfPart(part)) return <FlowProblem backTo={start} />;
  if (form.status === 'loading') return <FlowWaiting text={t('Chargement de vos réponses…')} />;
  if (form.status === 'gone') return <Navigate to={start} replace />;
  // A reload (D31): the day and month of birth before the server gives the form back.
  if (form.status === 'locked') return <ToPause pharmacyName={pharmacyName} />;
  if (form.status === 'error')
    return <FlowProblem backTo={start} title={t('Erreur')} text={form.message} onRetry={form.retry} />;
  if (`parts${form.band}` !== part)
    return <Navigate to={`/${encodeURIComponent(pharmacyName)}/parts${form.band}/summary`} replace />;
  const base = `/${encodeURIComponent(pharmacyName)}/parts${form.band}`;

  const onSend = async () => {
    const token = patientSession.token();
    if (!token) throw new ActionError(TOKEN_MISSING(), false);
    // The finishing call waits for every page's save (issue 34: « Suivant » did not wait for them).
    await saveQueue.whenIdle();
    if (patientSession.token() !== token) return;
    try {
      await patientApi.submit(token);
    } catch (error) {
      // Sent already (a lost answer, a second tap): the server refuses the finished form's token.
      if (!isFormFinished(error)) throw sendError(error);
    }
    // The help lines the answers brought up (3114…) are said again on the thank-you page: taken now,
    // before the answers are forgotten, and handed over in the navigation alone.
    const help = urgentNotices(form.definition, flow.answers);
    setSent(true);
    endPatientSession();
    // The thank-you page replaces this one in the history: Back cannot come back to answers.
    await navigate(`/${encodeURIComponent(pharmacyName)}/thank-you`, { replace: true, state: { help } });
  };

  return (
    <SessionGate pharmacyName={pharmacyName}>
      <ReviewPage
        definition={form.definition}
        answers={flow.answers}
        drafts={flow.drafts}
        savedSections={flow.savedSections}
        pageHref={(route, fromReview) => `${base}/${route}${fromReview ? '?from=review' : ''}`}
        intro={
          <p>
            {t(
              'Vos réponses ne sont pas encore envoyées. Relisez-les, modifiez-les si besoin, puis envoyez-les à votre pharmacie.',
            )}
          </p>
        }
        banner={
          <>
            <QuestionnaireLanguageMenu version={definitionRef(form.definition)} />
            <SlowSaveBanner />
            <SavingNote />
            {flow.resumed && (
              <ResumedBanner definition={form.definition} page={null} savedSections={flow.savedSections} />
            )}
          </>
        }
        onSend={onSend}
        aside={<EraseAnswers pharmacyName={pharmacyName} />}
      />
    </SessionGate>
  );
}
