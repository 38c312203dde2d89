import { describe, expect, it } from 'vitest';
import type { Definition } from '../definition';
import { resolveDefinition } from '../resolveDefinition';
import { testDefinitionFile, testVocabularies } from '../testing/testDefinition';
import { bandDefinitions } from '../testing/testBands';
import type { AssessmentPart, AssessmentRule } from './assessmentTypes';
import { checkAssessment } from './checkAssessment';

const source = { body: 'Haute Autorité de santé', document: 'Un document public', date: '2020-05' };
const base = resolveDefinition(testDefinitionFile, testVocabularies);
const withPart = (part: Partial<AssessmentPart>): Definition => ({ ...base, assessment: { rules: [], ...part } });
const rule = (over: Partial<AssessmentRule>): AssessmentRule => ({
  id: 'a-rule',
  theme: 'social',
  level: 'attention',
  when: { type: 'checked', field: 'diabete' },
  title: 'Titre',
  advice: 'Conseil.',
  source,
  ...over,
});
const messages = (def: Definition) => checkAssessment(def).map((i) => `${i.path}: ${i.message}`);

describe('checkAssessment', () => {
  it.each(['18to25', '45to50', '60to65', '70to75'] as const)('finds nothing wrong in the %s definition', (band) => {
    expect(bandDefinitions[band].assessment?.rules.length).toBeGreaterThan(10);
    expect(checkAssessment(bandDefinitions[band])).toEqual([]);
  });

  it('accepts a sound rule', () => {
    expect(messages(withPart({ rules: [rule({})] }))).toEqual([]);
  });

  it('refuses a phone number a rule declares but its advice does not hold', () => {
    expect(messages(withPart({ rules: [rule({ advice: 'Appelez le 3114.', phones: ['3114'] })] }))).toEqual([]);
    expect(messages(withPart({ rules: [rule({ advice: 'Appelez le 3114.', phones: ['3114', '15'] })] }))).toEqual([
      '/assessment/rules/0/phones: numéro 15\u00a0: il n’est pas écrit en entier dans le conseil',
    ]);
  });

  it('refuses a rule naming a field that does not exist', () => {
    expect(messages(withPart({ rules: [rule({ when: { type: 'checked', field: 'nope' } })] }))).toEqual([
      '/assessment/rules/0/when: condition sur nope\u00a0: question inconnue',
    ]);
  });

  it("refuses an answer string that is not among the field's options, deep in a tree", () => {
    const when = {
      type: 'all',
      conditions: [
        { type: 'not', condition: { type: 'oneOf', field: 'children', values: ['Oui', 'Peut-être'] } },
        { type: 'checked', field: 'diabete' },
      ],
    } as const;
    expect(messages(withPart({ rules: [rule({ when: when as unknown as AssessmentRule['when'] })] }))).toEqual([
      '/assessment/rules/0/when/conditions/0/condition: condition sur children\u00a0: «\u00a0Peut-être\u00a0» n’est pas une de ses réponses («\u00a0Oui\u00a0», «\u00a0Non\u00a0»)',
    ]);
  });

  it('refuses a rule without a public source, or with an empty one', () => {
    const { source: _s, ...noSource } = rule({});
    expect(
      messages(
        withPart({
          rules: [noSource as AssessmentRule, rule({ id: 'b', source: { body: ' ', document: 'x', date: '2020' } })],
        }),
      ),
    ).toEqual([
      '/assessment/rules/0/source: une source publique est obligatoire\u00a0: qui l’a publiée (body) et quel texte (document)',
      '/assessment/rules/0/source/date: la date de la source est obligatoire, en AAAA, AAAA-MM ou AAAA-MM-JJ (une vraie date)',
      '/assessment/rules/1/source: une source publique est obligatoire\u00a0: qui l’a publiée (body) et quel texte (document)',
    ]);
  });

  it('refuses a rule or due item whose source has no date, or a date that is not a real one (issue 16)', () => {
    const { date: _d, ...undated } = source;
    const due = {
      id: 'd',
      theme: 'vaccinations' as const,
      title: 'T',
      schedule: 'S',
      appliesWhen: { type: 'compare' as const, field: '$age', op: 'gte' as const, value: 65 },
      source: undated as typeof source,
    };
    expect(
      messages(
        withPart({
          rules: [
            rule({ source: undated as typeof source }),
            rule({ id: 'b', source: { ...source, date: '2025-02-30' } }),
            rule({ id: 'c', source: { ...source, date: '9 décembre 2025' } }),
            rule({ id: 'e', source: { ...source, date: '2025-12-09' } }),
            rule({ id: 'f', source: { ...source, date: '2025' } }),
          ],
          due: [due],
        }),
      ),
    ).toEqual([
      '/assessment/rules/0/source/date: la date de la source est obligatoire, en AAAA, AAAA-MM ou AAAA-MM-JJ (une vraie date)',
      '/assessment/rules/1/source/date: la date de la source est obligatoire, en AAAA, AAAA-MM ou AAAA-MM-JJ (une vraie date) (donnée\u00a0: «\u00a02025-02-30\u00a0»)',
      '/assessment/rules/2/source/date: la date de la source est obligatoire, en AAAA, AAAA-MM ou AAAA-MM-JJ (une vraie date) (donnée\u00a0: «\u00a09 décembre 2025\u00a0»)',
      '/assessment/due/0/source/date: la date de la source est obligatoire, en AAAA, AAAA-MM ou AAAA-MM-JJ (une vraie date)',
    ]);
  });

  it('refuses a rule or due item that holds only through "not": the report could not say why it appears', () => {
    const notMan = { type: 'not', condition: { type: 'equals', field: '$sex', value: 'homme' } } as const;
    const due = {
      id: 'd',
      theme: 'screenings' as const,
      title: 'T',
      schedule: 'S',
      appliesWhen: { type: 'all' as const, conditions: [notMan] },
      source,
    };
    expect(
      messages(
        withPart({
          rules: [
            rule({ when: notMan }),
            rule({ id: 'b', when: { type: 'all', conditions: [notMan, { type: 'checked', field: 'diabete' }] } }),
          ],
          due: [due],
        }),
      ),
    ).toEqual([
      '/assessment/rules/0/when: la règle ne tient que par «\u00a0not\u00a0»\u00a0: nommez la réponse ou la mesure qui la fait apparaître, pour que le bilan dise pourquoi',
      '/assessment/due/0/appliesWhen: l’échéance ne s’applique que par «\u00a0not\u00a0»\u00a0: nommez l’âge ou la réponse qui la fait apparaître, pour que le bilan dise pourquoi',
    ]);
  });

  it('refuses duplicate ids across rules and due items', () => {
    const due = {
      id: 'a-rule',
      theme: 'screenings' as const,
      title: 'T',
      schedule: 'S',
      appliesWhen: { type: 'compare' as const, field: '$age', op: 'gte' as const, value: 50 },
      source,
    };
    expect(messages(withPart({ rules: [rule({})], due: [due] }))).toEqual([
      '/assessment/due/0/id: identifiant a-rule en double',
    ]);
  });

  it('knows the derived facts and their types', () => {
    const rules = [
      rule({ id: 'a', when: { type: 'compare', field: '$height', op: 'gt', value: 1 } }),
      rule({ id: 'b', when: { type: 'equals', field: '$sex', value: 'Femme' } }),
      rule({ id: 'c', when: { type: 'equals', field: '$age', value: 50 } }),
      rule({ id: 'd', when: { type: 'compare', field: '$bmi', op: 'gte', value: 30 } }),
    ];
    expect(messages(withPart({ rules }))).toEqual([
      '/assessment/rules/0/when: $height\u00a0: mesure inconnue (connues\u00a0: $age, $sex, $bmi, $phq2, $gad2)',
      '/assessment/rules/1/when: $sex ne vaut jamais «\u00a0Femme\u00a0» (valeurs\u00a0: femme, homme, autre)',
      '/assessment/rules/2/when: $age est un nombre\u00a0: utilisez compare ou answered',
    ]);
  });

  it('checks the sex mapping, score items, priorities and free texts against the fields', () => {
    const def = withPart({
      sexField: 'gender',
      sexValues: { Femme: 'femme', Madame: 'femme' },
      scores: { phq2: { items: ['children', 'nope'], positiveAt: 3 } },
      priorities: ['diabete', 'otherDisease'],
      freeText: ['otherDisease', 'diabete'],
    });
    expect(messages(def)).toEqual([
      '/assessment/sexValues: sexValues\u00a0: «\u00a0Madame\u00a0» n’est pas une réponse de gender',
      '/assessment/scores/phq2/items/0: score\u00a0: children n’est pas une question à réponse unique en quatre degrés',
      '/assessment/scores/phq2/items/1: score\u00a0: nope n’est pas une question à réponse unique en quatre degrés',
      '/assessment/priorities/1: priorités\u00a0: otherDisease n’est ni une case ni une liste de cases',
      '/assessment/freeText/1: texte libre\u00a0: diabete n’est pas une question à texte libre',
    ]);
  });
});
