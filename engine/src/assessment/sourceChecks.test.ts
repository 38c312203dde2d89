import { describe, expect, it } from 'vitest';
import type { Definition } from '../definition';
import { resolveDefinition } from '../resolveDefinition';
import { testDefinitionFile, testVocabularies } from '../testing/testDefinition';
import type { Source } from './assessmentTypes';
import { sourceChecks } from './sourceChecks';

const base = resolveDefinition(testDefinitionFile, testVocabularies);
const source = (checked?: string): Source => ({
  body: 'Haute Autorité de santé',
  document: 'Un document public',
  date: '2020-05',
  ...(checked === undefined ? {} : { checked }),
});

function withSources(rule?: string, due?: string, guidance?: string): Definition {
  return {
    ...base,
    assessment: {
      rules: [
        {
          id: 'smoker',
          theme: 'addictions',
          level: 'attention',
          when: { type: 'checked', field: 'smoke' },
          title: 'Tabac',
          advice: 'Conseil.',
          source: source(rule),
          counterGuidance: { text: 'Au comptoir.', source: source(guidance) },
        },
      ],
      due: [
        {
          id: 'flu',
          theme: 'vaccinations',
          title: 'Grippe',
          schedule: 'chaque automne',
          appliesWhen: { type: 'checked', field: 'diabete' },
          source: source(due),
        },
      ],
    },
  };
}

const kinds = (def: Definition, today: string) => sourceChecks(def, today).map((c) => `${c.kind} ${c.path}`);

describe('sourceChecks (issue 31: when each rule was last checked against its text)', () => {
  it('asks every source, the counter guidance’s included, for the day it was checked', () => {
    expect(kinds(withSources(), '2026-11-26')).toEqual([
      'missing /assessment/rules/0/source/checked',
      'missing /assessment/rules/0/counterGuidance/source/checked',
      'missing /assessment/due/0/source/checked',
    ]);
    expect(sourceChecks(withSources(undefined, '2026-11-26', '2026-11-26'), '2026-11-26')[0]?.message).toBe(
      'la source de « smoker » ne dit pas quand la règle a été vérifiée contre son texte : ajoutez une propriété checked, le jour de la vérification (AAAA-MM-JJ)',
    );
  });

  it('refuses a day that is not real or is after today', () => {
    expect(kinds(withSources('2026-02-30', '2026-11-27', '2026-11'), '2026-11-26')).toEqual([
      'invalid /assessment/rules/0/source/checked',
      'invalid /assessment/rules/0/counterGuidance/source/checked',
      'future /assessment/due/0/source/checked',
    ]);
  });

  it('flags a check more than twelve months old, and not one of exactly twelve months', () => {
    const def = withSources('2025-11-26', '2025-11-25', '2026-11-26');
    expect(kinds(def, '2026-11-26')).toEqual(['stale /assessment/due/0/source/checked']);
    expect(sourceChecks(def, '2026-11-26')[0]?.message).toBe(
      'la source de « flu » a été vérifiée le 2025-11-25, plus de 12 mois avant le 2026-11-26 : revoyez la règle avec le texte en vigueur (Haute Autorité de santé, « Un document public ») et mettez à jour "checked"',
    );
    // The day after, the other one is more than twelve months old too.
    expect(kinds(def, '2026-11-27')).toEqual([
      'stale /assessment/rules/0/source/checked',
      'stale /assessment/due/0/source/checked',
    ]);
  });

  it('counts twelve months from 29 February as to the first of March', () => {
    const def = withSources('2027-02-28', '2027-03-01', '2028-02-29');
    expect(kinds(def, '2028-02-29')).toEqual(['stale /assessment/rules/0/source/checked']);
  });

  it('asks every source of a version not yet published for the edition it was compared with (D42), and no published one', () => {
    const def = withSources('2026-11-26', '2026-11-26', '2026-11-26');
    expect(sourceChecks(def, '2026-11-26')).toEqual([]);
    expect(kinds(def, '2026-11-26').length).toBe(0);
    const draft = sourceChecks(def, '2026-11-26', true);
    expect(draft.map((c) => `${c.kind} ${c.path}`)).toEqual([
      'noEdition /assessment/rules/0/source',
      'noEdition /assessment/rules/0/counterGuidance/source',
      'noEdition /assessment/due/0/source',
    ]);
    expect(draft[0]?.message).toBe(
      'la source de « smoker » ne dit pas quelle édition du texte a été vérifiée : ajoutez une propriété edition, telle qu’on la trouve (par exemple « Calendrier des vaccinations 2025, mise à jour de décembre 2025 »)',
    );
    const rule = def.assessment?.rules[0];
    const withEdition: Definition = {
      ...def,
      assessment: {
        rules: rule
          ? [
              {
                ...rule,
                source: { ...rule.source, edition: 'Édition de mai 2020' },
                counterGuidance: { text: 'Au comptoir.' },
              },
            ]
          : [],
      },
    };
    expect(sourceChecks(withEdition, '2026-11-26', true)).toEqual([]);
  });

  it('has nothing to say of a definition without a report, or without a real today', () => {
    expect(sourceChecks(base, '2026-11-26')).toEqual([]);
    expect(sourceChecks(withSources(), 'demain')).toEqual([]);
  });
});
