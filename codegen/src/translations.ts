import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import {
  closestName,
  LANGUAGE_NAMES,
  storesCodes,
  TRANSLATED_LANGUAGES,
  translatableTexts,
  type Definition,
  type TranslatedLanguage,
  type Translation,
} from '@bilan/engine';
import type { JsonSource } from './messages/jsonSource';
import type { Problem } from './messages/problem';
import { readSource } from './readVersion';

const TRANSLATION_FILE = /^((?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*))\.([a-z]+)\.json$/;
const quoted = (text: string) => `«\u00a0${text}\u00a0»`;

/** One version as the check reads it: where it is, and its texts. */
interface VersionPlace {
  path: string;
  file: string;
  source: JsonSource;
  definition: Definition;
}

/** What one translation file holds and what is wrong with it. */
function checkOne(
  version: VersionPlace,
  translation: Translation,
  source: JsonSource,
  file: string,
  vocabulariesFile: string,
): Problem[] {
  const problems: Problem[] = [];
  const language = LANGUAGE_NAMES[translation.language];
  if (!storesCodes(version.definition.version))
    return [
      {
        file,
        position: source.positionOf('/language'),
        message: `les versions 1.x sont en français seulement (D41)\u00a0: traduisez une version 2.0.0 ou plus récente`,
      },
    ];
  const wanted = translatableTexts(version.definition);
  const french = new Set(wanted.map((t) => t.text));
  const seen = new Set<string>();
  for (const text of wanted) {
    if (seen.has(text.text) || Object.hasOwn(translation.texts, text.text)) continue;
    seen.add(text.text);
    const at = version.source.positionOf(text.path);
    const where = text.path.includes('/options/')
      ? `${version.file}:${at.line} ou ${vocabulariesFile}`
      : `${version.file}:${at.line}`;
    problems.push({
      file,
      position: source.positionOf('/texts'),
      ...(text.field ? { subject: text.field } : {}),
      message: `texte sans traduction en ${language}\u00a0: ${quoted(text.text)} (${where})\u00a0; ajoutez-le à «\u00a0texts\u00a0» avec sa traduction`,
    });
  }
  for (const key of Object.keys(translation.texts)) {
    if (french.has(key)) continue;
    const meant = closestName(key, french);
    problems.push({
      file,
      position: source.propertyPositionOf('/texts', key),
      message: `traduction en ${language} d’un texte que la version ${version.definition.version} n’a pas\u00a0: ${quoted(key)}${meant ? `\u00a0; le texte français est-il devenu ${quoted(meant)}\u00a0?` : ''}\u00a0; mettez la clé au texte français actuel et relisez la traduction, ou supprimez-la`,
    });
  }
  return problems;
}

/**
 * The translations beside one version (`<version>.<language>.json`, D41), read and checked
 * against it: the file's shape and language, one line per French text it lacks (naming the
 * language and where the text is) and per translation of a text the version no longer has.
 */
export function translationsOf(
  version: VersionPlace,
  validate: ValidateFunction,
  rel: (path: string) => string,
  vocabulariesFile: string,
): { translations: Translation[]; problems: Problem[] } {
  const folder = dirname(version.path);
  const versionName = basename(version.path, '.json');
  const translations: Translation[] = [];
  const problems: Problem[] = [];
  for (const name of readdirSync(folder).sort()) {
    const match = TRANSLATION_FILE.exec(name);
    if (!match || match[1] !== versionName) continue;
    const path = join(folder, name);
    const file = rel(path);
    const source = readSource(path, file, problems);
    if (!source) continue;
    if (!validate(source.value)) {
      for (const error of validate.errors ?? [])
        problems.push({
          file,
          position: source.positionOf(error.instancePath),
          message: `${error.instancePath || 'le fichier'}\u00a0: ${error.message ?? 'forme refusée'} (translation.schema.json)`,
        });
      continue;
    }
    const { $schema: _schema, ...translation } = source.value as Translation & { $schema?: string };
    if (translation.language !== match[2]) {
      problems.push({
        file,
        position: source.positionOf('/language'),
        message: `langue ${translation.language}\u00a0: elle doit être celle du nom du fichier, ${match[2]} (${TRANSLATED_LANGUAGES.join(' ou ')})`,
      });
      continue;
    }
    problems.push(...checkOne(version, translation, source, file, vocabulariesFile));
    translations.push(translation);
  }
  return { translations, problems };
}

/** Translation files whose version file is not there: nothing would ever read them. */
export function orphanTranslations(dir: string, rel: (path: string) => string): Problem[] {
  const problems: Problem[] = [];
  for (const id of readdirSync(dir)) {
    const folder = join(dir, id);
    if (!id.startsWith('bilan-') || !existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      const match = TRANSLATION_FILE.exec(name);
      if (match && !existsSync(join(folder, `${match[1]}.json`)))
        problems.push({
          file: rel(join(folder, name)),
          message: `traduction de la version ${match[1]}, qui n’existe pas dans ${id}\u00a0: renommez-la ou supprimez-la`,
        });
    }
  }
  return problems;
}

/**
 * A published version's translations against the lock: published with the version, frozen with
 * it (D35, D41). One problem per language added, changed or removed since.
 */
export function frozenTranslationProblems(
  version: { path: string; file: string; definition: Definition; translations: readonly Translation[] },
  locked: Readonly<Record<string, string>>,
  now: Readonly<Record<string, string>>,
  rel: (path: string) => string,
): Problem[] {
  const problems: Problem[] = [];
  for (const language of new Set([...Object.keys(locked), ...Object.keys(now)])) {
    if (locked[language] === now[language]) continue;
    const name = LANGUAGE_NAMES[language as TranslatedLanguage] ?? language;
    const change = locked[language] === undefined ? 'ajoutée' : now[language] === undefined ? 'retirée' : 'modifiée';
    problems.push({
      file: rel(join(dirname(version.path), `${basename(version.path, '.json')}.${language}.json`)),
      message: `traduction en ${name} ${change} après la publication de ${version.definition.version}\u00a0: une version publiée est figée, ses langues comprises (D35, D41)\u00a0; annulez ce changement, ou faites-le dans une nouvelle version (pnpm definitions:draft)`,
    });
  }
  return problems;
}
