// Issue 31 on a small definition: a due item says only what is known (its stated status, or the
// answer to its own question), what becomes due at the next birthday is announced, the report
// says when its rules were checked, and a finding carries its counter guidance.
import { describe, expect, it } from 'vitest';
import type { Condition, Definition } from '../definition';
import { resolveDefinition } from '../resolveDefinition';
import { answersFor } from '../testing/answersFor';
import { testDefinitionFile, testVocabularies } from '../testing/testDefinition';
import { assess } from './assess';
import type { AssessmentRule, DueRule, Source } from './assessmentTypes';
import { checkAssessment } from './checkAssessment';
import { checkedOnLine, dueStatusLabel, upcomingLine } from './reportLabels';

const base = resolveDefinition(testDefinitionFile, testVocabularies);
const source = (checked?: string): Source => ({
  body: 'Haute Autorité de santé',
  document: 'Un document public',
  date: '2020-05',
  ...(checked ? { checked } : {}),
});
const age = (op: 'gte' | 'lte', value: number): Condition => ({ type: 'compare', field: '$age', op, value });
const item = (over: Partial<DueRule> & Pick<DueRule, 'id' | 'appliesWhen'>): DueRule => ({
  theme: 'vaccinations',
  title: over.id,
  schedule: 'une dose',
  source: source('2026-11-26'),
  ...over,
});

const smoker: AssessmentRule = {
  id: 'smoker',
  theme: 'addictions',
  level: 'attention',
  when: { type: 'checked', field: 'smoke' },
  title: 'Tabac',
  advice: 'Appelez le 39 89.',
  source: source('2026-10-01'),
  counterGuidance: { text: 'Proposez le 39 89.', phones: ['39 89'], source: source('2026-09-15') },
};

const definition: Definition = {
  ...base,
  assessment: {
    rules: [smoker],
    due: [
      item({
        id: 'booster',
        appliesWhen: { type: 'all', conditions: [age('gte', 25), age('lte', 39)] },
        short: 'rappel',
      }),
      item({ id: 'shingles', appliesWhen: age('gte', 65), short: 'zona' }),
      item({
        id: 'flu',
        appliesWhen: { type: 'any', conditions: [age('gte', 65), { type: 'checked', field: 'diabete' }] },
        status: 'seasonal',
        short: 'grippe',
      }),
      item({ id: 'ask', appliesWhen: { type: 'checked', field: 'autres' }, status: 'askDoctor' }),
      item({
        id: 'own-question',
        theme: 'screenings',
        appliesWhen: age('gte', 18),
        upToDateWhen: { type: 'equals', field: 'violence', value: 'Non' },
        dueWhen: { type: 'equals', field: 'violence', value: 'Oui' },
      }),
      item({ id: 'unnamed', appliesWhen: age('gte', 65) }),
    ],
  },
};

const run = (years: number, values: Record<string, string | boolean> = {}) =>
  assess(definition, answersFor(definition, values), { age: years, today: '2026-11-26' });
const statuses = (years: number, values: Record<string, string | boolean> = {}) =>
  Object.fromEntries(run(years, values).due.map((d) => [d.id, d.status]));

describe('what is due, only as known (issue 31)', () => {
  it('states a seasonal vaccine « À faire à chaque campagne d’automne », never up to date', () => {
    expect(statuses(70)).toMatchObject({ flu: 'seasonal', shingles: 'unknown' });
    expect(dueStatusLabel({ status: 'seasonal', theme: 'vaccinations' })).toBe('À faire à chaque campagne d’automne');
  });

  it('sends a vaccine without its own question to the vaccination record, a screening to « À vérifier »', () => {
    expect(dueStatusLabel({ status: 'unknown', theme: 'vaccinations' })).toBe(
      'À vérifier (carnet de vaccination ou Mon espace santé)',
    );
    expect(dueStatusLabel({ status: 'unknown', theme: 'screenings' })).toBe('À vérifier');
    expect(dueStatusLabel({ status: 'askDoctor', theme: 'vaccinations' })).toBe('À vérifier avec votre médecin');
  });

  it('takes a status from the item’s own question only', () => {
    expect(statuses(30, { violence: 'Non' })['own-question']).toBe('upToDate');
    expect(statuses(30, { violence: 'Oui' })['own-question']).toBe('due');
    expect(statuses(30, { violence: 'Je ne sais pas' })['own-question']).toBe('unknown');
    expect(statuses(30, { autres: true }).ask).toBe('askDoctor');
  });

  it('refuses an item that states its status and also takes one from the answers', () => {
    const both: Definition = {
      ...definition,
      assessment: {
        rules: [],
        due: [item({ id: 'both', appliesWhen: age('gte', 65), status: 'seasonal', upToDateWhen: age('gte', 70) })],
      },
    };
    expect(checkAssessment(both).map((i) => `${i.path}: ${i.message}`)).toEqual([
      '/assessment/due/0/status: "both" states its status ("seasonal"): it cannot also take one from the answers (upToDateWhen, dueWhen)',
    ]);
  });
});

describe('what becomes due at the next birthday (issue 31)', () => {
  it('announces at 64 what 65 brings, seasonal vaccines last with « chaque automne »', () => {
    const upcoming = run(64).upcoming;
    expect(upcoming).toEqual({
      age: 65,
      items: [
        { id: 'shingles', short: 'zona', seasonal: false },
        { id: 'flu', short: 'grippe', seasonal: true },
      ],
    });
    expect(upcomingLine(upcoming ?? { age: 0, items: [] })).toBe(
      'À 65\u00a0ans, à votre prochain anniversaire\u00a0: zona et grippe chaque automne.',
    );
  });

  it('leaves out what is already due, and an item without a short name', () => {
    // Diabetes makes the influenza vaccine due at any age: at 64 only shingles is to come.
    expect(run(64, { diabete: true }).upcoming?.items.map((i) => i.id)).toEqual(['shingles']);
    expect(run(24).upcoming).toEqual({ age: 25, items: [{ id: 'booster', short: 'rappel', seasonal: false }] });
    expect(run(65).upcoming).toBeNull();
    expect(run(39).upcoming).toBeNull();
  });
});

describe('the day the rules were checked, and the counter guidance (issue 31)', () => {
  it('gives the oldest check day of the definition’s sources, or nothing when one does not say', () => {
    expect(run(30).checkedOn).toBe('2026-09-15');
    expect(checkedOnLine('2026-09-15')).toBe('Recommandations vérifiées le 15\u00a0septembre\u00a02026.');
    const unsaid: Definition = {
      ...definition,
      assessment: { rules: [], due: [item({ id: 'x', appliesWhen: age('gte', 1), source: source() })] },
    };
    expect(assess(unsaid, {}, { age: 30, today: '2026-11-26' }).checkedOn).toBeNull();
  });

  it('carries the rule’s counter guidance with the finding, for the pharmacist’s view', () => {
    const [finding] = run(30, { smoke: true }).findings;
    expect(finding?.counterGuidance).toEqual({
      text: 'Proposez le 39 89.',
      phones: ['39 89'],
      source: source('2026-09-15'),
    });
  });

  it('refuses a counter guidance that does not hold a phone number it declares', () => {
    const wrong: Definition = {
      ...definition,
      assessment: {
        rules: [{ ...smoker, counterGuidance: { text: 'Appelez le 15.', phones: ['15', '3114'] } }],
      },
    };
    expect(checkAssessment(wrong).map((i) => `${i.path}: ${i.message}`)).toEqual([
      '/assessment/rules/0/counterGuidance/phones: phone number "3114" does not appear in the counter guidance of rule "smoker" as a whole number',
    ]);
  });
});
