// Issue 31 in `pnpm definitions:check`: the newest version of a questionnaire leaves no question
// unread and says when each source was checked; older versions are not held to it; a check more
// than twelve months old is a warning, on the day passed in.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDefinitionFile } from '@bilan/engine/testing';
import { definitionsCheckResult } from './definitionsCheck';
import { formatProblem } from './messages/problem';

const source = (checked?: string) => ({
  body: 'Haute Autorité de santé (HAS)',
  document: 'Un texte public',
  date: '2025-05-13',
  ...(checked ? { checked, edition: 'Recommandation du 13 mai 2025' } : {}),
});

/** The test definition with a report that reads every question but `children` (and a box `aucune`, exclusive). */
function reported(version: string, checked?: string, markChildren = false) {
  const rule = (id: string, field: string, type: 'checked' | 'answered') => ({
    id,
    theme: 'social',
    level: 'attention',
    when: { type, field },
    title: 'Titre',
    advice: 'Conseil.',
    source: source(checked),
  });
  return {
    ...testDefinitionFile,
    version,
    pages: testDefinitionFile.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        markChildren && item.key === 'children' ? { ...item, informational: 'shown to the pharmacist' } : item,
      ),
    })),
    assessment: {
      sexField: 'gender',
      sexValues: { Homme: 'homme', Femme: 'femme', Autre: 'autre' },
      priorities: ['priorityTopics'],
      freeText: ['customFocusTopics', 'otherDisease'],
      rules: [
        rule('diseases', 'diabete', 'checked'),
        rule('others', 'autres', 'checked'),
        rule('treated', 'otherDiseaseTreated', 'answered'),
        rule('body', 'height', 'answered'),
        rule('weight', 'weight', 'answered'),
        rule('menopause', 'menopauseAge', 'answered'),
        rule('smoke', 'smoke', 'checked'),
        rule('stopped', 'stoppedSmoking', 'checked'),
        rule('quit', 'quitSmokingTime', 'answered'),
        rule('violence', 'violence', 'answered'),
      ],
    },
  };
}

describe('definitions:check on the newest version (issue 31)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function write(name: string, content: unknown): void {
    mkdirSync(join(dir, 'bilan-test'), { recursive: true });
    writeFileSync(join(dir, 'bilan-test', name), JSON.stringify(content, null, 2));
  }
  const check = (today: string) => {
    const { problems, warnings } = definitionsCheckResult(dir, dir, today);
    return { problems: problems.map(formatProblem), warnings: warnings.map(formatProblem) };
  };

  it('refuses a newest version with a question nothing reads, naming it; the version before is not held to it', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    write('1.0.0.json', reported('1.0.0'));
    write('1.1.0.json', reported('1.1.0', '2026-11-26'));
    expect(check('2026-11-26')).toEqual({
      problems: [
        'bilan-test/1.1.0.json:29:9: children : la question « children » n’est ni lue par le bilan ni marquée informational : ajoutez une règle qui la lit, ou une propriété informational qui dit en une ligne pourquoi elle est seulement affichée',
      ],
      warnings: [],
    });
    write('1.1.0.json', reported('1.1.0', '2026-11-26', true));
    expect(check('2026-11-26')).toEqual({ problems: [], warnings: [] });
  });

  it('refuses a newest version whose source does not say when it was checked, and warns of a check over a year old', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    write('1.0.0.json', reported('1.0.0', undefined, true));
    expect(check('2026-11-26').problems).toHaveLength(20);
    expect(check('2026-11-26').problems[0]).toBe(
      'bilan-test/1.0.0.json:280:19: diseases : la source de « diseases » ne dit pas quand la règle a été vérifiée contre son texte : ajoutez une propriété checked, le jour de la vérification (AAAA-MM-JJ)',
    );
    write('1.0.0.json', reported('1.0.0', '2025-11-26', true));
    expect(check('2026-11-26')).toEqual({ problems: [], warnings: [] });
    const late = check('2026-11-27');
    expect(late.problems).toEqual([]);
    expect(late.warnings).toHaveLength(10);
    expect(late.warnings[0]).toBe(
      'bilan-test/1.0.0.json:284:22: diseases : la source de « diseases » a été vérifiée le 2025-11-26, plus de 12 mois avant le 2026-11-27 : revoyez la règle avec le texte en vigueur (Haute Autorité de santé (HAS), « Un texte public ») et mettez à jour "checked"',
    );
  });

  it('refuses a source of a draft that does not name the edition it was compared with (D42)', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    const file = reported('1.0.0', '2026-11-26', true);
    const [first, ...others] = file.assessment.rules;
    if (!first) throw new Error('no rule');
    const { edition: _edition, ...unsaid } = first.source;
    write('1.0.0.json', {
      ...file,
      assessment: { ...file.assessment, rules: [{ ...first, source: unsaid }, ...others] },
    });
    expect(check('2026-11-26').problems).toEqual([
      'bilan-test/1.0.0.json:280:19: diseases\u00a0: la source de «\u00a0diseases\u00a0» ne dit pas quelle édition du texte a été vérifiée\u00a0: ajoutez une propriété edition, telle qu’on la trouve (par exemple «\u00a0Calendrier des vaccinations 2025, mise à jour de décembre 2025\u00a0»)',
    ]);
  });
});
