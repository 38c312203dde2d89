import { useEffect, useState } from 'react';
import { nextPage, pageByRoute, previousPage, type Answers, type SectionAnswers } from '@bilan/engine';
import { QuestionnairePage } from '@bilan/web/renderer';
import { hashOf, loadVersion, onDefinitionsChanged, placeOf, type Message, type Place, type VersionData } from './api';
import { sectionValidator } from './sectionValidators';

const tell = (message: Message) => window.parent.postMessage(message, window.location.origin);

/** The language this frame shows (`?frame&lang=en`), French when absent. */
const language = new URLSearchParams(window.location.search).get('lang') ?? undefined;
if (language) {
  document.documentElement.lang = language;
  if (language === 'ar') document.documentElement.dir = 'rtl';
}

/**
 * The questionnaire as a patient's phone or tablet shows it, inside the shell's frame: one page
 * of the version the address names, the site's renderer, conditions applied as answers change.
 * The answers live here (and in the shell, for the Bilan); nothing is sent anywhere.
 */
export function Frame() {
  const [place, setPlace] = useState<Place | null>(() => placeOf(window.location.hash));
  const [data, setData] = useState<VersionData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  // A new key for the page when the answers or the definition change from outside it.
  const [generation, setGeneration] = useState(0);
  const [saves, setSaves] = useState(0);
  const [finished, setFinished] = useState(false);

  useEffect(() => {
    const onHash = () => {
      setPlace(placeOf(window.location.hash));
      setFinished(false);
    };
    const onMessage = (event: MessageEvent<Message>) => {
      if (event.origin !== window.location.origin) return;
      if (event.data.type === 'answers') {
        setAnswers(event.data.answers);
        setGeneration((g) => g + 1);
      }
    };
    window.addEventListener('hashchange', onHash);
    window.addEventListener('message', onMessage);
    const stop = onDefinitionsChanged(() => setSaves((n) => n + 1));
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('message', onMessage);
      stop();
    };
  }, []);

  const id = place?.id;
  const version = place?.version;
  useEffect(() => {
    if (!id || !version) return;
    let current = true;
    loadVersion(id, version, language).then(
      (loaded) => {
        if (!current) return;
        setData(loaded);
        setError(null);
        setGeneration((g) => g + 1);
      },
      (failure: unknown) => current && setError((failure as Error).message),
    );
    return () => {
      current = false;
    };
  }, [id, version, saves]);

  if (!place) return <p className="preview-note">Choisissez une tranche et une version.</p>;
  if (error)
    return (
      <p className="preview-note" role="alert">
        {error}
      </p>
    );
  if (!data || data.definition.id !== place.id || data.definition.version !== place.version)
    return <p className="preview-note">Chargement…</p>;
  const { definition } = data;
  const page = pageByRoute(definition, place.route) ?? definition.pages[0];
  if (!page) return <p className="preview-note">Cette version n’a pas de page.</p>;
  if (finished)
    return (
      <main className="container preview-note">
        <h1>Fin du questionnaire</h1>
        <p>Le Bilan de ces réponses est à côté de l’aperçu.</p>
      </main>
    );

  const go = (route: string) => {
    window.location.hash = hashOf({ ...place, route });
    tell({ type: 'route', route });
  };
  const change = (sectionAnswers: SectionAnswers) => {
    const next = { ...answers, [page.section]: sectionAnswers };
    setAnswers(next);
    tell({ type: 'answers', answers: next });
  };
  const previous = previousPage(definition, page.route, answers);
  return (
    <QuestionnairePage
      key={`${page.route}:${generation}`}
      definition={definition}
      page={page}
      answers={answers}
      validate={sectionValidator(definition, page.section)}
      leaveWarning={false}
      reloadNotice={'Aperçu\u00a0: les réponses restent dans cette page, rien n’est enregistré ni envoyé.'}
      onChange={change}
      onNext={async (sectionAnswers) => {
        change(sectionAnswers);
        const next = nextPage(definition, page.route, { ...answers, [page.section]: sectionAnswers });
        if (next) go(next.route);
        else setFinished(true);
      }}
      onPrevious={previous ? () => go(previous.route) : undefined}
    />
  );
}
