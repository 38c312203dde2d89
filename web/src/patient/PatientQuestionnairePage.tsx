import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { nextPage, pageByRoute, type Definition, type SectionAnswers } from '@bilan/engine';
import { ApiError } from '../api/client';
import { patientApi } from '../api/patientApi';
import { notifications } from '../notifications/notificationStore';
import { registry } from '../questionnaire/registry';
import { sectionValidate } from '../questionnaire/sectionValidate';
import { QuestionnairePage } from '../renderer/QuestionnairePage';
import { bandOfPart } from './bandOfPart';
import { flowStore, useFlowState } from './flowStore';
import { patientSession } from './session';
import './patient.css';

export const SAVE_FAILED = 'Une erreur est survenue. Veuillez réessayer.';
export const SESSION_EXPIRED = 'Session expirée, veuillez vous reconnecter.';
export const TOKEN_MISSING = 'Token non trouvé. Veuillez vous reconnecter.';
export const UNEXPECTED = 'Une erreur inattendue est survenue. Regardez la console.';

/** Messages of the finishing call (D12), mapped from its stable error codes. */
function submitMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return UNEXPECTED;
  if (error.status === 401) return TOKEN_MISSING;
  if (error.isNetwork) return 'Impossible de communiquer avec le serveur.';
  if (error.code === 'incomplete') return 'Certaines pages du questionnaire ne sont pas enregistrées. Veuillez les compléter.';
  if (error.code.startsWith('pdf')) return `Erreur génération PDF : ${error.message}`;
  return UNEXPECTED;
}

type Loaded = { status: 'loading' } | { status: 'ready'; definition: Definition } | { status: 'no-session' } | { status: 'error' };

/** /{pharmacyName}/parts{band}/{step}: one page of the real flow, saved on the server at each step (D13). */
export function PatientQuestionnairePage() {
  const { pharmacyName = '', part, step = '' } = useParams();
  const navigate = useNavigate();
  const flow = useFlowState();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const band = bandOfPart(part);

  // After a reload the answers come back from the server (D13).
  useEffect(() => {
    const token = patientSession.token();
    if (!token) {
      setLoaded({ status: 'no-session' });
      return;
    }
    let live = true;
    patientApi
      .me(token)
      .then((form) => {
        if (!live) return;
        const formBand = flowStore.resume(form);
        if (!formBand) throw new Error(`unknown band ${form.ageGroup}`);
        const definition = registry.find(form.definition.id, form.definition.version) ?? registry.latest(formBand);
        if (formBand !== band) {
          navigate(`/${encodeURIComponent(pharmacyName)}/parts${formBand}/${definition.pages[0]?.route ?? 'general'}`, { replace: true });
          return;
        }
        setLoaded({ status: 'ready', definition });
      })
      .catch((error: unknown) => {
        if (!live) return;
        console.error(error);
        if (error instanceof ApiError && error.status === 401) {
          patientSession.clear();
          setLoaded({ status: 'no-session' });
        } else setLoaded({ status: 'error' });
      });
    return () => {
      live = false;
    };
    // The form is read once per flow; moving between pages keeps the store.
  }, [pharmacyName, band, navigate]);

  if (!band) return <Problem pharmacyName={pharmacyName} title="Page introuvable" text="Cette page du questionnaire n'existe pas." />;
  if (loaded.status === 'loading')
    return (
      <main className="container patient-page" aria-busy="true">
        <p role="status">Chargement de vos réponses…</p>
      </main>
    );
  if (loaded.status === 'no-session') return <Problem pharmacyName={pharmacyName} title="Session expirée" text={SESSION_EXPIRED} />;
  if (loaded.status === 'error') return <Problem pharmacyName={pharmacyName} title="Erreur" text="Erreur récupération des réponses. Veuillez recharger la page." />;

  const { definition } = loaded;
  const page = pageByRoute(definition, step);
  if (!page) return <Problem pharmacyName={pharmacyName} title="Page introuvable" text="Cette page du questionnaire n'existe pas." />;
  const validate = sectionValidate(definition, page.section);

  const onNext = async (sectionAnswers: SectionAnswers) => {
    const token = patientSession.token();
    if (!token) {
      notifications.error(SESSION_EXPIRED);
      navigate(`/${encodeURIComponent(pharmacyName)}/userform`);
      throw new Error('no token');
    }
    try {
      const saved = await patientApi.saveSection(token, page.section, sectionAnswers);
      flowStore.saveSection(page.section, saved.reponses);
    } catch (error) {
      console.error(error);
      notifications.error(error instanceof ApiError && error.status === 401 ? SESSION_EXPIRED : SAVE_FAILED);
      throw error;
    }
    notifications.resolveErrors();
    const next = nextPage(definition, page.route, flowStore.get().answers);
    if (next) {
      navigate(`/${encodeURIComponent(pharmacyName)}/parts${band}/${next.route}`);
      return;
    }
    try {
      await patientApi.submit(token);
    } catch (error) {
      console.error(error);
      notifications.error(submitMessage(error));
      throw error;
    }
    navigate(`/${encodeURIComponent(pharmacyName)}/thank-you`);
  };

  return (
    <QuestionnairePage
      // A new page starts from its own saved answers, not from the previous page's state.
      key={page.route}
      definition={definition}
      page={page}
      answers={flow.answers}
      validate={validate}
      onNext={onNext}
    />
  );
}

function Problem({ pharmacyName, title, text }: { pharmacyName: string; title: string; text: string }) {
  return (
    <main className="container patient-page">
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <Link to={`/${encodeURIComponent(pharmacyName)}/userform`}>Revenir au formulaire d'inscription</Link>
      </p>
    </main>
  );
}
