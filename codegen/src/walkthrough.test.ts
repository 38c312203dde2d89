// The content editor's walkthrough of definitions/README.md, performed in a copy of the
// definitions folder: reword a question, add an optional question in a new version, publish,
// preview (the diff it shows); then the mistakes an editor makes, each refused with one clear
// line. Versions are never named: the draft is the version after the newest published one.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import Ajv from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { answerSetSchema, assess, createRegistry, normalize, validateWith, type Definition } from '@bilan/engine';
import { loadFixtures } from '@bilan/fixtures';
import { createDraft } from './draft';
import { defaultDefinitionsDir, repoRoot } from './definitionsRoot';
import { fixTypography } from './fixTypography';
import { generate } from './generate';
import { loadDefinitions } from './loadDefinitions';
import { formatProblem } from './messages/problem';
import { publish } from './publish';
import { versionDiff } from './versionDiff';
import { newestOf } from './versionAdvice';

/** The no-break space of French typography, before : ; ? and inside « ». */
const N = '\u00a0';
const BAND = '45to50';
const ID = `bilan-${BAND}`;
const readme = readFileSync(join(defaultDefinitionsDir, 'README.md'), 'utf8');

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The published versions (`<id>@<version>`), as the lock of the repository lists them. */
const publishedVersions = new Set(
  Object.keys(
    (JSON.parse(readFileSync(join(defaultDefinitionsDir, 'published.lock.json'), 'utf8')) as { versions: object })
      .versions,
  ),
);

/**
 * A copy of the repository's definitions folder as published: a draft the checkout holds (an
 * editor's work in progress, `pnpm definitions:draft`) is left out, so each test opens the next
 * free version itself, whatever version that is.
 */
function copy(): string {
  dir = mkdtempSync(join(tmpdir(), 'definitions-walkthrough-'));
  cpSync(defaultDefinitionsDir, dir, {
    recursive: true,
    filter: (source) => {
      // A draft's translations (`<version>.<language>.json`) go with it.
      const version = /^(\d+\.\d+\.\d+)(?:\.[a-z]+)?\.json$/.exec(basename(source))?.[1];
      return version === undefined || publishedVersions.has(`${basename(dirname(source))}@${version}`);
    },
  });
  return dir;
}

/** What `pnpm definitions:check` prints for the copy, one line per problem, paths from the copy. */
const check = () => loadDefinitions(dir, dir).problems.map(formatProblem);
/** A line about a version's language (`<version>.<language>.json`): the translator's step, not the editor's. */
const ofTranslation = (line: string) => /\.[a-z]{2}\.json:/.test(line);

const published = () => loadDefinitions(dir, dir).definitions.filter((d) => d.published);
const newestPublished = (): Definition => {
  const newest = newestOf(
    published()
      .filter((d) => d.definition.id === ID)
      .map((d) => d.definition),
  );
  if (!newest) throw new Error(`no published ${ID}`);
  return newest;
};

/** Replaces text in a file of the copy, as an editor does in their editor. */
function edit(file: string, from: string | RegExp, to: string): void {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file}: nothing to replace for ${String(from)}`);
  writeFileSync(path, next);
}

/** Opens the draft of the band, as `pnpm definitions:draft 45to50` does: its file, relative to the copy. */
function openDraft(): { file: string; version: string; from: string } {
  const draft = createDraft(dir, BAND, false, dir);
  if (!draft.ok) throw new Error(draft.message);
  return draft;
}

// Each step reads the whole folder again (about a second, far more on a loaded machine).
describe('the editor’s tasks (definitions/README.md), in a copy of the definitions', { timeout: 120_000 }, () => {
  it(
    'rewords a question and adds an optional one in a new version, publishes it, and the tests run on it unchanged',
    { timeout: 180_000 },
    async () => {
      copy();
      for (const command of [
        `pnpm definitions:draft ${BAND}`,
        'pnpm definitions:check',
        'pnpm definitions:preview',
        `pnpm definitions:publish ${BAND}`,
      ])
        expect(readme).toContain(command);
      const before = newestPublished();

      // 1. Reword a question: in a new version, never in a published one.
      const draft = openDraft();
      expect(draft.from).toBe(before.version);
      expect(draft.file).toBe(`${ID}/${draft.version}.json`);
      edit(draft.file, 'Avez-vous des enfants\u00a0?', 'Avez-vous un ou plusieurs enfants\u00a0?');
      // Its languages follow the French (D41): the translation's key moves to the new text.
      const english = draft.file.replace(/\.json$/, '.en.json');
      const arabic = draft.file.replace(/\.json$/, '.ar.json');
      for (const language of [english, arabic])
        edit(language, '"Avez-vous des enfants\u00a0?"', '"Avez-vous un ou plusieurs enfants\u00a0?"');
      expect(check()).toEqual([]);

      // 2. Add an optional question, with a condition, in the same new version.
      edit(
        draft.file,
        /(\n)(\s*)\{(\s*)"kind": "single",(\s*)"key": "raisesAlone"/,
        `$1$2{ "kind": "single", "key": "hasGrandchildren", "label": "Avez-vous des petits-enfants\u00a0?", "options": { "vocabulary": "yesNo" }, "visibleWhen": { "type": "equals", "field": "hasChildren", "value": "yes" } },\n$2{$3"kind": "single",$4"key": "raisesAlone"`,
      );
      edit(
        english,
        '"texts": {',
        '"texts": {\n    "Avez-vous des petits-enfants\u00a0?": "Do you have grandchildren?",',
      );
      edit(arabic, '"texts": {', '"texts": {\n    "Avez-vous des petits-enfants\u00a0?": "هل لديكم أحفاد؟",');
      expect(check()).toEqual([]);

      // 4. Preview: the diff the preview shows against the previous version.
      const loaded = loadDefinitions(dir, dir);
      const drafted = loaded.definitions.find((d) => !d.published)?.definition;
      if (!drafted) throw new Error('no draft');
      const diff = versionDiff(before, drafted);
      expect(diff.previous).toBe(before.version);
      expect(diff.added.map((q) => q.key)).toEqual(['hasGrandchildren']);
      expect(diff.removed).toEqual([]);
      expect(diff.reworded).toEqual([
        expect.objectContaining({ key: 'hasChildren', after: expect.stringContaining('un ou plusieurs enfants') }),
      ]);
      // A draft is served to nobody: the generated package holds the published versions only.
      expect(published().map((d) => d.definition.version)).not.toContain(draft.version);

      // 3. Publish.
      const result = publish(dir, BAND, draft.version, dir);
      if (!result.ok) throw new Error(`${result.message}\n${result.problems.map(formatProblem).join('\n')}`);
      const lock = JSON.parse(readFileSync(join(dir, 'published.lock.json'), 'utf8')) as { versions: object };
      expect(Object.keys(lock.versions)).toContain(`${ID}@${draft.version}`);
      expect(check()).toEqual([]);
      expect(publish(dir, BAND, draft.version, dir)).toMatchObject({ ok: false });

      // The registry's newest is the new version, and every fixture of the band runs on it as
      // written: no TypeScript and no fixture changed.
      const registry = createRegistry(published().map((d) => d.definition));
      const newest = registry.latest(BAND);
      expect(newest.version).toBe(draft.version);
      const ajv = new Ajv({ allErrors: true });
      const validate = ajv.compile(answerSetSchema(newest));
      for (const fixture of loadFixtures(BAND).filter((f) => f.version !== 'first')) {
        const normalized = normalize(newest, fixture.answers);
        expect(normalized.answers, fixture.file).toEqual(fixture.expected.normalized);
        expect(validateWith(validate, normalized.answers).errors, fixture.file).toEqual(fixture.expected.errors);
        const report = (fixture as { expected: { report?: { findings: string[] } } }).expected.report;
        const context = (fixture as { context?: { age: number; sex?: 'femme' | 'homme' | 'autre' } }).context;
        if (report && context)
          expect(
            assess(newest, normalized.answers, { ...context, today: '2026-03-10' }).findings.map((f) => f.id),
            fixture.file,
          ).toEqual(report.findings);
      }

      // The generated package gives the new version the band's plain type names, the previous
      // one names with its version, and the types compile as they are.
      const files = await generate(published());
      const older = `Answers${BAND}V${before.version.replaceAll('.', '_')}`;
      expect(files.get(`types/${ID}.ts`)).toMatch(/hasGrandchildren\?: /);
      expect(files.get('types/index.ts')).toContain(`  '${ID}@${draft.version}': Answers${BAND};`);
      expect(files.get('types/index.ts')).toContain(`  '${ID}@${before.version}': ${older};`);
      const out = join(dir, 'generated');
      for (const [path, content] of files) {
        mkdirSync(join(out, path, '..'), { recursive: true });
        writeFileSync(join(out, path), content);
      }
      const tsc = createRequire(join(repoRoot, 'package.json')).resolve('typescript/bin/tsc');
      const options = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'esnext', '--moduleResolution', 'bundler'];
      execFileSync(process.execPath, [tsc, ...options, '--target', 'es2022', join(out, 'types', 'index.ts')], {
        cwd: out,
      });
    },
  );

  it('leaves a published version alone when only its layout changes (the lock reads content)', () => {
    copy();
    const file = `${ID}/${newestPublished().version}.json`;
    const content = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
    writeFileSync(join(dir, file), JSON.stringify(content, null, 4));
    expect(check()).toEqual([]);
  });

  it('writes the French typography of a draft with --fix, and says what it changed', () => {
    copy();
    const draft = openDraft();
    edit(draft.file, 'Avez-vous des enfants\u00a0?', "Avez-vous des enfants ? (ou l'équivalent...)");
    // The translation's lines (its key to move) are the translator's step, not the typography's.
    const french = () => check().filter((line) => !ofTranslation(line));
    expect(french()).toHaveLength(3);
    const changes = fixTypography(loadDefinitions(dir, dir).definitions).map(formatProblem);
    expect(changes).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${draft.file.replaceAll('.', '\\.')}:\\d+:\\d+: hasChildren${N}: typographie corrigée${N}: «${N}Avez-vous·des·enfants·\\?·\\(ou·l'équivalent\\.\\.\\.\\)${N}» → «${N}Avez-vous·des·enfants⍽\\?·\\(ou·l’équivalent…\\)${N}»$`,
        ),
      ),
    ]);
    expect(french()).toEqual([]);
  });
});

describe('the editor’s mistakes, each refused with one clear line', { timeout: 120_000 }, () => {
  /** A copy with the band's next version open, as an editor has it while working. */
  function working(): { draft: string; newest: string } {
    copy();
    return { newest: `${ID}/${newestPublished().version}.json`, draft: openDraft().file };
  }

  it('an answer code renamed in a published version: frozen; the change needs a new major version', () => {
    const { newest } = working();
    edit(newest, '"alreadyMenopausal"', '"menopausal"');
    expect(check()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${newest.replaceAll('.', '\\.')}:\\d+:\\d+: menopause${N}: la version [\\d.]+ est publiée, donc figée${N}: ses données ont changé \\(clé, réponses, condition, plage, unité…\\)${N}; annulez ce changement ici et faites-le dans une nouvelle version majeure, \\d+\\.0\\.0 \\(pnpm definitions:draft ${BAND} --major\\)$`,
        ),
      ),
    ]);
  });

  it('an answer value renamed in the shared vocabularies: the published versions that use it are named', () => {
    working();
    edit('vocabularies.json', '"ouiNon": ["Oui", "Non"]', '"ouiNon": ["Oui", "Nan"]');
    expect(check()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^vocabularies\\.json:\\d+:\\d+: ouiNon${N}: la réponse «${N}Non${N}» a disparu \\(renommée «${N}Nan${N}»${N}\\?\\), or les versions publiées .*bilan-${BAND}@.* l’utilisent et des questionnaires l’ont enregistrée${N}; remettez-la \\(un vocabulaire publié ne fait que grandir${N}: pour une nouvelle version majeure, créez un autre vocabulaire\\)$`,
        ),
      ),
    ]);
  });

  it('a rule level changed in a published version: frozen; the change goes to the open draft', () => {
    const { newest, draft } = working();
    edit(newest, /("id": "suicide-thoughts",[\s\S]*?"level": )"priority"/, '$1"information"');
    const version = draft.split('/')[1]?.replace('.json', '');
    expect(check()).toEqual([
      `${newest}:${lineOf(newest, '"suicide-thoughts"')}: suicide-thoughts${N}: la version ${newestPublished().version} est publiée, donc figée${N}: la règle a changé (niveau, thème, condition…)${N}; annulez ce changement ici et faites-le dans le brouillon ${version}`,
    ]);
  });

  it('a condition naming a missing field: the field it most likely meant', () => {
    const { draft } = working();
    edit(draft, '"field": "hasChildren"', '"field": "hasChildrens"');
    expect(check()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${draft.replaceAll('.', '\\.')}:\\d+:\\d+: raisesAlone${N}: condition sur hasChildrens${N}: question inconnue${N}; vouliez-vous dire hasChildren${N}\\?$`,
        ),
      ),
    ]);
  });

  it('a duplicated key (a question copied, its key left as it was): where the first one is', () => {
    const { draft } = working();
    edit(
      draft,
      /(\n)(\s*)\{(\s*)"kind": "single",(\s*)"key": "raisesAlone"/,
      `$1$2{ "kind": "single", "key": "hasChildren", "label": "Vos enfants vivent-ils avec vous\u00a0?", "options": { "vocabulary": "yesNo" } },\n$2{$3"kind": "single",$4"key": "raisesAlone"`,
    );
    expect(check().filter((line) => !ofTranslation(line))).toEqual([
      `${draft}:${lineOf(draft, '"hasChildren"', 2)}: hasChildren${N}: clé hasChildren en double (la première est ligne ${lineOf(draft, '"hasChildren"').split(':')[0]})`,
    ]);
  });

  it('a duplicated answer code: the code, and the code it replaced', () => {
    const { draft } = working();
    edit(draft, '"code": "notConcerned"', '"code": "yes"');
    expect(check()).toEqual([
      expect.stringMatching(
        new RegExp(`^${draft.replaceAll('.', '\\.')}:\\d+:\\d+: menopause${N}: réponse «${N}yes${N}» en double$`),
      ),
      // The code it replaced is gone, which forms stored in the published version hold (D5).
      expect.stringContaining(`menopause${N}: réponse «${N}notConcerned${N}» supprimée ou renommée`),
    ]);
  });

  it('a misspelt property: the property it most likely meant, and nothing about the branches of the schema', () => {
    const { draft } = working();
    edit(draft, /("key": "raisesAlone",\s*)"label"/, '$1"lable"');
    expect(check()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${draft.replaceAll('.', '\\.')}:\\d+:\\d+: raisesAlone${N}: propriété lable inconnue${N}; vouliez-vous dire label${N}\\?$`,
        ),
      ),
    ]);
  });

  it('pnpm definitions:check says it on the terminal, takes a definitions folder, and fails', () => {
    const { draft } = working();
    edit(draft, '"field": "hasChildren"', '"field": "hasChildrens"');
    const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
    const run = spawnSync(tsx, [join(repoRoot, 'codegen/src/definitionsCheckCli.ts'), '--dir', dir], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.split('\n')[0]).toMatch(
      new RegExp(`^${draft.replaceAll('.', '\\.')}:\\d+:\\d+: raisesAlone${N}: condition sur hasChildrens`),
    );
    expect(run.stderr).toContain('definitions:check: 1 problème(s)');
  });
});

/** `line:column` of the nth occurrence of a text in a file of the copy (1-based, as editors count). */
function lineOf(file: string, text: string, nth = 1): string {
  const content = readFileSync(join(dir, file), 'utf8');
  let at = -1;
  for (let i = 0; i < nth; i += 1) at = content.indexOf(text, at + 1);
  const before = content.slice(0, at).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}
