import { resolve, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { formatProblem, loadDefinitions, versionDiff, type LoadResult } from '@bilan/codegen';
import { compareVersions, localizeDefinition, type BandCode } from '@bilan/engine';
import { loadFixtures } from '@bilan/fixtures';

/** The bands whose answer sets the preview reads. */
const BAND_CODES: readonly BandCode[] = ['18to25', '45to50', '60to65', '70to75'];

/** The custom event the page listens to: a definition file was saved. */
const CHANGED_EVENT = 'definitions:changed';

/** One version as the preview lists it. */
interface ListedVersion {
  id: string;
  version: string;
  band: { code: BandCode; label: string };
  published: boolean;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/**
 * The preview's data, read from a definitions folder as the check reads it (drafts included), and
 * fresh after each save: `/__definitions/index.json` (every version and the check's lines),
 * `/__definitions/version.json?id=&version=[&language=]` (one version resolved, in French or in
 * one of its languages, and what it changes against the previous one), `/__definitions/fixtures.json?band=` (the band's answer sets). When a file of
 * the folder is saved, the page is told (`definitions:changed`) and asks again.
 */
export function definitionsApi(dir: string): Plugin {
  let loaded: LoadResult | undefined;
  const current = () => (loaded ??= loadDefinitions(dir));
  return {
    name: 'bilan-definitions-preview',
    configureServer(server) {
      server.watcher.add(dir);
      const inFolder = (path: string) => resolve(path).startsWith(resolve(dir) + sep);
      const changed = (path: string) => {
        if (!inFolder(path) || !path.endsWith('.json')) return;
        loaded = undefined;
        server.ws.send({ type: 'custom', event: CHANGED_EVENT, data: { file: path } });
      };
      server.watcher.on('change', changed);
      server.watcher.on('add', changed);
      server.watcher.on('unlink', changed);

      server.middlewares.use('/__definitions', (req: IncomingMessage, res: ServerResponse) => {
        const url = new URL(req.url ?? '/', 'http://preview');
        const result = current();
        if (url.pathname === '/index.json') {
          const versions: ListedVersion[] = result.definitions.map(({ definition, published }) => ({
            id: definition.id,
            version: definition.version,
            band: { code: definition.band.code, label: definition.band.label },
            published,
          }));
          send(res, 200, { versions, problems: result.problems.map(formatProblem) });
          return;
        }
        if (url.pathname === '/version.json') {
          const id = url.searchParams.get('id');
          const version = url.searchParams.get('version');
          const found = result.definitions.find((d) => d.definition.id === id && d.definition.version === version);
          if (!found) {
            send(res, 404, { error: `${id}@${version} ne se lit pas (voir les problèmes du check)` });
            return;
          }
          // `language`: the version as a patient reading it sees it, beside the French (D41).
          const language = url.searchParams.get('language');
          const translation = found.translations.find((t) => t.language === language);
          if (language !== null && !translation) {
            send(res, 404, { error: `${id}@${version} n’a pas de traduction ${language}` });
            return;
          }
          const previous = result.definitions
            .filter(
              (d) => d.definition.id === id && compareVersions(d.definition.version, found.definition.version) < 0,
            )
            .at(-1)?.definition;
          send(res, 200, {
            definition: translation ? localizeDefinition(found.definition, translation) : found.definition,
            languages: found.translations.map((t) => ({ language: t.language, reviewed: t.reviewed })),
            published: found.published,
            diff: versionDiff(previous, found.definition),
            problems: result.problems.filter((p) => p.file === found.file).map(formatProblem),
          });
          return;
        }
        if (url.pathname === '/fixtures.json') {
          const asked = url.searchParams.get('band');
          // The band names a folder of answer sets: one of the four codes, never a path (issue 41:
          // `band=../../…` read another folder's files).
          const band = BAND_CODES.find((code) => code === asked);
          if (asked !== null && band === undefined) {
            send(res, 400, { error: 'tranche inconnue' });
            return;
          }
          const fixtures = band
            ? loadFixtures(band).map((f) => ({
                name: f.name,
                description: f.description,
                answers: f.answers,
                context: (f as { context?: unknown }).context ?? null,
              }))
            : [];
          send(res, 200, { fixtures });
          return;
        }
        send(res, 404, { error: 'inconnu' });
      });
    },
  };
}
