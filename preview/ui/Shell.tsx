import { useEffect, useMemo, useRef, useState } from 'react';
import {
  assess,
  LANGUAGE_NAMES,
  normalize,
  reportOf,
  type Answers,
  type BandCode,
  type TranslatedLanguage,
} from '@bilan/engine';
import {
  hashOf,
  listVersions,
  loadFixtureList,
  loadVersion,
  onDefinitionsChanged,
  placeOf,
  type FixtureData,
  type ListedVersion,
  type Message,
  type Place,
  type VersionData,
} from './api';
import { DiffPanel } from './DiffPanel';
import { ReportPanel } from './ReportPanel';

/** The two widths a questionnaire is read at: a phone, and the counter's tablet. */
const WIDTHS = { phone: { label: 'Téléphone', px: 390 }, tablet: { label: 'Tablette', px: 820 } } as const;
type Width = keyof typeof WIDTHS;

const compare = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The newest version of a band, drafts included: what an editor works on. */
function newestOf(versions: readonly ListedVersion[], band: BandCode): ListedVersion | undefined {
  return versions.filter((v) => v.band.code === band).sort((a, b) => compare(b.version, a.version))[0];
}

/**
 * The editor's view: which band and version (drafts included), which page (any page directly,
 * by its address), at which width, in French alone or beside one of its languages; beside the
 * questionnaire, the Bilan of the answers shown and what the version changes. Everything reloads when a file of the folder is saved.
 */
export function Shell() {
  const [versions, setVersions] = useState<ListedVersion[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [place, setPlace] = useState<Place | null>(() => placeOf(window.location.hash));
  const [data, setData] = useState<VersionData | null>(null);
  const [fixtures, setFixtures] = useState<FixtureData[]>([]);
  const [fixture, setFixture] = useState<FixtureData | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [width, setWidth] = useState<Width>('phone');
  const [saves, setSaves] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);
  const [frameSrc] = useState(() => `/?frame${window.location.hash}`);
  // A language of the version beside the French (D41): the same page, in a second frame.
  const [language, setLanguage] = useState('');
  const translated = useRef<HTMLIFrameElement>(null);

  useEffect(() => onDefinitionsChanged(() => setSaves((n) => n + 1)), []);
  useEffect(() => {
    listVersions().then(
      (list) => {
        setVersions(list.versions);
        setProblems(list.problems);
      },
      (error: unknown) => setProblems([(error as Error).message]),
    );
  }, [saves]);

  // Without an address, the newest version of the first band.
  useEffect(() => {
    if (place || versions.length === 0) return;
    const first = versions[0];
    const newest = first && newestOf(versions, first.band.code);
    if (newest) window.location.hash = hashOf({ id: newest.id, version: newest.version, route: '' });
  }, [place, versions]);

  useEffect(() => {
    const onHash = () => setPlace(placeOf(window.location.hash));
    const onMessage = (event: MessageEvent<Message>) => {
      if (event.origin !== window.location.origin) return;
      if (event.data.type === 'answers') setAnswers(event.data.answers);
      if (event.data.type === 'route') {
        const route = event.data.route;
        setPlace((p) => {
          if (!p) return p;
          const next = { ...p, route };
          window.history.replaceState(null, '', hashOf(next));
          return next;
        });
      }
    };
    window.addEventListener('hashchange', onHash);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('message', onMessage);
    };
  }, []);

  const id = place?.id;
  const version = place?.version;
  useEffect(() => {
    if (!id || !version) return;
    let current = true;
    loadVersion(id, version).then(
      (loaded) => current && setData(loaded),
      () => current && setData(null),
    );
    return () => {
      current = false;
    };
  }, [id, version, saves]);

  const band = data?.definition.band.code;
  useEffect(() => {
    if (!band) return;
    loadFixtureList(band).then(
      ({ fixtures: list }) => setFixtures(list),
      () => setFixtures([]),
    );
  }, [band]);

  // The frames follow the address (their own navigation comes back as 'route' messages).
  useEffect(() => {
    for (const target of [frame.current?.contentWindow, translated.current?.contentWindow])
      if (place && target && target.location.hash !== hashOf(place)) target.location.hash = hashOf(place);
  }, [place]);
  const offered = data?.languages ?? [];
  const shown = offered.some((l) => l.language === language) ? language : '';

  const report = useMemo(() => {
    if (!data) return null;
    const definition = data.definition;
    const normalized = normalize(definition, answers).answers;
    if (fixture?.context)
      return assess(definition, normalized, { ...fixture.context, today: new Date().toISOString().slice(0, 10) });
    return reportOf({ definition, answers: normalized, date: new Date() });
  }, [data, answers, fixture]);

  function move(next: Place) {
    window.location.hash = hashOf(next);
    setPlace(next);
  }
  function chooseFixture(name: string) {
    const chosen = fixtures.find((f) => f.name === name) ?? null;
    setFixture(chosen);
    const next = chosen ? chosen.answers : {};
    setAnswers(next);
    frame.current?.contentWindow?.postMessage(
      { type: 'answers', answers: next } satisfies Message,
      window.location.origin,
    );
  }

  const bands = [...new Map(versions.map((v) => [v.band.code, v.band])).values()];
  const ofBand = versions.filter((v) => v.band.code === band).sort((a, b) => compare(a.version, b.version));
  return (
    <div className="preview">
      <header className="preview-bar">
        <h1>Aperçu des questionnaires</h1>
        <label>
          Tranche{' '}
          <select
            value={band ?? ''}
            onChange={(e) => {
              const newest = newestOf(versions, e.target.value as BandCode);
              if (newest) move({ id: newest.id, version: newest.version, route: '' });
              setFixture(null);
            }}
          >
            {bands.map((b) => (
              <option key={b.code} value={b.code}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Version{' '}
          <select
            value={version ?? ''}
            onChange={(e) => id && move({ id, version: e.target.value, route: place?.route ?? '' })}
          >
            {ofBand.map((v) => (
              <option key={v.version} value={v.version}>
                {v.version} {v.published ? '(publiée)' : '(brouillon)'}
              </option>
            ))}
          </select>
        </label>
        <span role="group" aria-label="Largeur">
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <button
              key={w}
              type="button"
              className="btn btn-secondary"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
            >
              {WIDTHS[w].label} ({WIDTHS[w].px}&nbsp;px)
            </button>
          ))}
        </span>
        <label>
          Langue{' '}
          <select value={shown} onChange={(e) => setLanguage(e.target.value)} disabled={offered.length === 0}>
            <option value="">français seul</option>
            {offered.map((l) => (
              <option key={l.language} value={l.language}>
                français et {LANGUAGE_NAMES[l.language as TranslatedLanguage] ?? l.language}
                {l.reviewed ? '' : ' (traduction en cours de relecture)'}
              </option>
            ))}
          </select>
        </label>
        <label>
          Réponses{' '}
          <select value={fixture?.name ?? ''} onChange={(e) => chooseFixture(e.target.value)}>
            <option value="">saisies dans l’aperçu</option>
            {fixtures.map((f) => (
              <option key={f.name} value={f.name} title={f.description}>
                jeu {f.name}
              </option>
            ))}
          </select>
        </label>
      </header>
      {problems.length > 0 && (
        <section className="preview-problems" role="alert" aria-labelledby="problems-title">
          <h2 id="problems-title">pnpm definitions:check</h2>
          <pre>{problems.join('\n')}</pre>
        </section>
      )}
      <div className="preview-body">
        <nav className="preview-pages" aria-label="Pages">
          <ol>
            {data?.definition.pages.map((page) => (
              <li key={page.route}>
                <a
                  href={id && version ? hashOf({ id, version, route: page.route }) : '#'}
                  aria-current={place?.route === page.route ? 'page' : undefined}
                >
                  {page.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <iframe
          ref={frame}
          className="preview-frame"
          title="Questionnaire"
          src={frameSrc}
          style={{ width: WIDTHS[width].px }}
        />
        {shown && (
          <iframe
            key={shown}
            ref={translated}
            className="preview-frame"
            title={`Questionnaire en ${LANGUAGE_NAMES[shown as TranslatedLanguage] ?? shown}`}
            src={`/?frame&lang=${shown}${place ? hashOf(place) : ''}`}
            style={{ width: WIDTHS[width].px }}
          />
        )}
        <aside className="preview-side">
          {data && report && <ReportPanel definition={data.definition} report={report} />}
          {data && <DiffPanel diff={data.diff} version={data.definition.version} />}
        </aside>
      </div>
    </div>
  );
}
