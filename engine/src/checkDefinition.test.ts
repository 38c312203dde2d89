import { describe, expect, it } from 'vitest';
import { checkDefinition } from './checkDefinition';
import type { Condition, DefinitionFile, Page, PageItem } from './definition';
import { resolveDefinition } from './resolveDefinition';
import { bandDefinitions } from './testing/testBands';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

const check = (file: DefinitionFile) => checkDefinition(resolveDefinition(file, testVocabularies));

/** The test definition with one page changed. */
function withPage(index: number, change: (page: Page) => Page): DefinitionFile {
  return { ...testDefinitionFile, pages: testDefinitionFile.pages.map((p, i) => (i === index ? change(p) : p)) };
}
const addItem = (index: number, item: PageItem) => withPage(index, (p) => ({ ...p, items: [...p.items, item] }));
const conditional = (visibleWhen: Condition): PageItem => ({ kind: 'text', key: 'extra', label: 'Extra', visibleWhen });

describe('checkDefinition', () => {
  it('finds nothing wrong in the test definition and the four real ones', () => {
    expect(check(testDefinitionFile)).toEqual([]);
    for (const definition of Object.values(bandDefinitions))
      expect(checkDefinition(definition), definition.id).toEqual([]);
  });

  it('refuses a duplicated field key, across pages and box keys too', () => {
    const issues = check(addItem(2, { kind: 'single', key: 'gender', label: 'Encore ?', options: ['Oui', 'Non'] }));
    expect(issues).toEqual([
      expect.objectContaining({
        field: 'gender',
        path: '/pages/2/items/4/key',
        message: 'clé gender en double',
        firstAt: '/pages/0/items/0/key',
      }),
    ]);
    const box = check(
      addItem(3, { kind: 'checkboxes', key: 'more', label: 'Plus', boxes: [{ key: 'autres', label: 'Autres' }] }),
    );
    expect(box).toEqual([expect.objectContaining({ field: 'autres', path: '/pages/3/items/2/boxes/0/key' })]);
  });

  it('refuses a duplicated section key or route', () => {
    const issues = check(withPage(1, (p) => ({ ...p, section: 'general', route: 'general' })));
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringContaining('section general en double'),
      expect.stringContaining('adresse de page general en double'),
    ]);
  });

  it('refuses a condition on a missing field, naming it, and says which field it likely meant', () => {
    const issues = check(addItem(0, conditional({ type: 'checked', field: 'ghost' })));
    expect(issues).toEqual([
      { path: '/pages/0/items/6/visibleWhen', field: 'ghost', message: 'condition sur ghost\u00a0: question inconnue' },
    ]);
    expect(check(addItem(0, conditional({ type: 'equals', field: 'genders', value: 'Femme' })))).toEqual([
      expect.objectContaining({
        message: 'condition sur genders\u00a0: question inconnue\u00a0; vouliez-vous dire gender\u00a0?',
      }),
    ]);
  });

  it('looks inside all, any and not', () => {
    const issues = check(
      addItem(
        0,
        conditional({
          type: 'all',
          conditions: [
            { type: 'checked', field: 'autres' },
            { type: 'not', condition: { type: 'answered', field: 'ghost' } },
          ],
        }),
      ),
    );
    expect(issues).toEqual([
      expect.objectContaining({ path: '/pages/0/items/6/visibleWhen/conditions/1/condition', field: 'ghost' }),
    ]);
  });

  it('refuses "checked" on a field that is not a box', () => {
    expect(check(addItem(0, conditional({ type: 'checked', field: 'gender' })))).toEqual([
      expect.objectContaining({
        field: 'gender',
        message: 'condition «\u00a0checked\u00a0» sur gender, qui est une question à réponse unique et non une case',
      }),
    ]);
    expect(check(addItem(1, conditional({ type: 'checked', field: 'imcHaut' })))).toEqual([]);
  });

  it('refuses an equals or oneOf value that is not an answer string of the field', () => {
    expect(check(addItem(0, conditional({ type: 'equals', field: 'gender', value: 'homme' })))).toEqual([
      expect.objectContaining({
        field: 'gender',
        message: expect.stringMatching(
          /^condition sur gender\u00a0: «\u00a0homme\u00a0» n’est pas une de ses réponses \(«\u00a0Homme\u00a0», .*\)\u00a0; vouliez-vous dire «\u00a0Homme\u00a0»\u00a0\?$/,
        ),
      }),
    ]);
    expect(check(addItem(0, conditional({ type: 'oneOf', field: 'gender', values: ['Femme', 'Martien'] })))).toEqual([
      expect.objectContaining({ field: 'gender', message: expect.stringContaining('«\u00a0Martien\u00a0»') }),
    ]);
    expect(check(addItem(0, conditional({ type: 'oneOf', field: 'autres', values: ['Oui'] })))).toHaveLength(1);
    expect(check(addItem(0, conditional({ type: 'equals', field: 'autres', value: 'Oui' })))).toHaveLength(1);
    expect(check(addItem(0, conditional({ type: 'equals', field: 'autres', value: true })))).toEqual([]);
  });

  it('refuses compare on a field that is not a number', () => {
    expect(check(addItem(0, conditional({ type: 'compare', field: 'gender', op: 'lt', value: 3 })))).toHaveLength(1);
    expect(check(addItem(0, conditional({ type: 'compare', field: 'height', op: 'lt', value: 3 })))).toEqual([]);
  });

  it('refuses a computed field naming a missing field or one of the wrong kind', () => {
    const issues = check(
      withPage(1, (p) => ({
        ...p,
        computed: [
          {
            key: 'imcBas',
            kind: 'bmiFlag',
            label: 'IMC bas',
            height: 'taille',
            weight: 'weight',
            op: 'lt',
            threshold: 18,
          },
          {
            key: 'imcHaut',
            kind: 'bmiFlag',
            label: 'IMC haut',
            height: 'height',
            weight: 'weight',
            op: 'gt',
            threshold: 25,
          },
          { key: 'list', kind: 'checkedList', label: 'Liste', fields: ['gender'] },
        ],
      })),
    );
    expect(issues.map((i) => i.field)).toEqual(['taille', 'imcHaut', 'gender']);
    expect(issues.map((i) => i.message)).toEqual([
      'champ calculé imcBas\u00a0: taille est une question inconnue',
      expect.stringContaining('une définition demande taille et poids une seule fois'),
      'champ calculé list\u00a0: gender doit être une case',
    ]);
  });

  it('refuses BMI flags that read different height or weight fields: a definition asks them once', () => {
    const issues = check(
      withPage(1, (p) => ({
        ...p,
        computed: [
          {
            key: 'imcBas',
            kind: 'bmiFlag',
            label: 'IMC bas',
            height: 'height',
            weight: 'weight',
            op: 'lt',
            threshold: 18,
          },
          {
            key: 'imcHaut',
            kind: 'bmiFlag',
            label: 'IMC haut',
            height: 'menopauseAge',
            weight: 'weight',
            op: 'gt',
            threshold: 25,
          },
        ],
      })),
    );
    expect(issues).toEqual([
      expect.objectContaining({
        field: 'imcHaut',
        message: expect.stringContaining('une définition demande taille et poids une seule fois'),
      }),
    ]);
  });

  it('refuses an answer string listed twice', () => {
    const issues = check(addItem(0, { kind: 'single', key: 'twice', label: 'Deux fois', options: ['Oui', 'Oui'] }));
    expect(issues).toEqual([
      expect.objectContaining({ field: 'twice', message: 'réponse «\u00a0Oui\u00a0» en double' }),
    ]);
  });

  it('refuses progress that does not strictly rise', () => {
    const issues = check(withPage(2, (p) => ({ ...p, progress: 40 })));
    expect(issues).toEqual([
      expect.objectContaining({ path: '/pages/2/progress', message: expect.stringContaining('40') }),
    ]);
  });

  it('wants exactly one last page, at the end', () => {
    expect(check(withPage(3, (p) => ({ ...p, last: false })))).toEqual([
      expect.objectContaining({ message: 'une seule page doit être marquée last (trouvées\u00a0: 0)' }),
    ]);
    const early = check(withPage(1, (p) => ({ ...p, last: true })));
    expect(early.map((i) => i.path)).toEqual(['/pages/1/last', '/pages']);
  });

  it('refuses an exclusive option that names a box missing from its group, or excludes itself (D25)', () => {
    const group = (exclusive: Array<{ box: string; excludes?: string[] }>): PageItem => ({
      kind: 'checkboxes',
      key: 'smokingGroup',
      label: 'Fumez-vous\u00a0?',
      boxes: [
        { key: 'cigarettes', label: 'Je fume' },
        { key: 'noSmoking', label: 'Je ne fume pas' },
      ],
      exclusive,
    });
    expect(check(addItem(0, group([{ box: 'noSmoking', excludes: ['cigarettes'] }])))).toEqual([]);
    expect(check(addItem(0, group([{ box: 'nonFumeur' }])))).toEqual([
      {
        path: '/pages/0/items/6/exclusive/0',
        field: 'nonFumeur',
        message: 'case exclusive nonFumeur\u00a0: ce n’est pas une case du groupe smokingGroup (cigarettes, noSmoking)',
      },
    ]);
    // A box of another group is not one of this group's boxes either.
    expect(check(addItem(0, group([{ box: 'noSmoking', excludes: ['diabete'] }])))).toEqual([
      expect.objectContaining({ field: 'diabete' }),
    ]);
    expect(check(addItem(0, group([{ box: 'noSmoking', excludes: ['noSmoking'] }])))).toEqual([
      expect.objectContaining({ message: 'case exclusive noSmoking\u00a0: elle s’exclut elle-même' }),
    ]);
  });

  it('checks the condition of a box like any other', () => {
    const issues = check(
      addItem(0, {
        kind: 'checkboxes',
        key: 'more',
        label: 'Plus',
        boxes: [
          {
            key: 'menopauseTopic',
            label: 'Ménopause',
            visibleWhen: { type: 'equals', field: 'gender', value: 'homme' },
          },
        ],
      }),
    );
    expect(issues).toEqual([
      expect.objectContaining({
        path: '/pages/0/items/6/boxes/0/visibleWhen',
        field: 'gender',
        message: expect.stringContaining('«\u00a0homme\u00a0» n’est pas une de ses réponses'),
      }),
    ]);
  });

  it('refuses a number whose max is below its min', () => {
    expect(
      check(addItem(1, { kind: 'number', key: 'waist', label: 'Tour de taille', min: 40, max: 30, step: 1 })),
    ).toEqual([
      expect.objectContaining({ field: 'waist', message: 'nombre waist\u00a0: max 30 au-dessous de min 40' }),
    ]);
  });

  it('refuses a phone number a notice declares but its text does not hold as a whole number', () => {
    const notice = (phones: string[]): PageItem => ({
      kind: 'notice',
      key: 'help',
      level: 'urgent',
      text: 'Appelez le 3114 ou, en 2017, le 15.',
      phones,
    });
    expect(check(addItem(0, notice(['3114', '15'])))).toEqual([]);
    expect(check(addItem(0, notice(['3114', '17'])))).toEqual([
      {
        path: '/pages/0/items/6/phones',
        field: 'help',
        message: 'numéro 17\u00a0: il n’est pas écrit en entier dans le texte du message',
      },
    ]);
  });

  it('refuses a band whose bounds are upside down', () => {
    expect(check({ ...testDefinitionFile, band: { ...testDefinitionFile.band, minAge: 30 } })).toEqual([
      expect.objectContaining({ path: '/band' }),
    ]);
  });
});
