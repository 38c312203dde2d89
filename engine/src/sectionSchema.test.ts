import { describe, expect, it } from 'vitest';
import { fieldsOf } from './fieldsOf';
import { resolveDefinition } from './resolveDefinition';
import { answerSetSchema, DEFAULT_TEXTAREA_MAX_LENGTH, sectionSchema } from './sectionSchema';
import { bandDefinitions } from './testing/testBands';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);

describe('sectionSchema', () => {
  it('derives a closed object with the page title and a versioned $id', () => {
    const schema = sectionSchema(definition, 'general');
    expect(schema).toMatchObject({
      $id: 'bilan-test@1.0.0#/general',
      title: 'Profil',
      type: 'object',
      additionalProperties: false,
    });
    expect(Object.keys(schema.properties ?? {})).toEqual([
      'gender',
      'children',
      'diabete',
      'autres',
      'aucune',
      'otherDisease',
      'otherDiseaseTreated',
    ]);
    expect(schema).not.toHaveProperty('required');
  });

  it('maps each kind of question to its JSON type, with the French label as title', () => {
    const general = sectionSchema(definition, 'general').properties ?? {};
    expect(general.gender).toEqual({ title: 'Vous êtes\u00a0:', type: 'string', enum: ['Homme', 'Femme', 'Autre'] });
    expect(general.children).toEqual({ title: 'Avez-vous des enfants\u00a0?', type: 'string', enum: ['Oui', 'Non'] });
    expect(general.autres).toEqual({ title: 'Autres', type: 'boolean' });
    expect(general.otherDisease).toEqual({ title: 'Précisez\u00a0:', type: 'string', maxLength: 200 });
    const body = sectionSchema(definition, 'body').properties ?? {};
    expect(body.height).toEqual({ title: 'Taille', type: 'number', minimum: 0, maximum: 300 });
    expect(body.menopauseAge).toEqual({ title: 'Âge de la ménopause', type: 'integer', minimum: 0 });
    expect(body.imcBas).toEqual({ title: 'IMC bas', type: 'boolean' });
    const priorities = sectionSchema(definition, 'priorities').properties ?? {};
    expect(priorities.customFocusTopics).toEqual({
      title: 'Autres sujets',
      type: 'string',
      maxLength: DEFAULT_TEXTAREA_MAX_LENGTH,
    });
    expect(priorities.priorityTopics).toEqual({
      title: 'Sujets prioritaires',
      type: 'array',
      items: { type: 'string', enum: ['betterSleep', 'stopSmoking'] },
      uniqueItems: true,
    });
  });

  it('puts no multipleOf on numbers: a step is a hint, and 0.1 steps would refuse 70.3', () => {
    expect(JSON.stringify(sectionSchema(definition, 'body'))).not.toContain('multipleOf');
  });

  it('leaves notices and headings out: they store nothing', () => {
    expect(sectionSchema(definition, 'habits').properties).not.toHaveProperty('violenceNotice');
    expect(sectionSchema(definition, 'general').properties).not.toHaveProperty('healthHeading');
  });

  it('refuses an exclusive box beside a box it excludes with one if/then, reported on the exclusive box (D25)', () => {
    expect(sectionSchema(definition, 'general').allOf).toEqual([
      {
        if: {
          anyOf: [
            { required: ['diabete'], properties: { diabete: { const: true } } },
            { required: ['autres'], properties: { autres: { const: true } } },
          ],
        },
        then: { properties: { aucune: { not: { const: true } } } },
      },
    ]);
    expect(sectionSchema(definition, 'body')).not.toHaveProperty('allOf');
  });

  it('carries the help text as description', () => {
    const withHelp = resolveDefinition(
      {
        ...testDefinitionFile,
        pages: testDefinitionFile.pages.map((p, i) =>
          i === 0
            ? {
                ...p,
                items: [
                  {
                    kind: 'single',
                    key: 'gender',
                    label: 'Vous êtes\u00a0:',
                    help: 'Facultatif',
                    options: ['Homme', 'Femme'],
                  },
                ],
              }
            : p,
        ),
      },
      testVocabularies,
    );
    expect(sectionSchema(withHelp, 'general').properties?.gender).toEqual({
      title: 'Vous êtes\u00a0:',
      description: 'Facultatif',
      type: 'string',
      enum: ['Homme', 'Femme'],
    });
  });

  it('refuses an unknown section', () => {
    expect(() => sectionSchema(definition, 'garden')).toThrow('unknown section "garden"');
  });
});

describe('answerSetSchema', () => {
  it('refers to one section schema per page, in definitions', () => {
    const schema = answerSetSchema(definition);
    expect(schema).toMatchObject({
      $id: 'bilan-test@1.0.0',
      title: 'Questionnaire de test',
      type: 'object',
      additionalProperties: false,
    });
    expect(schema.properties).toEqual({
      general: { $ref: '#/definitions/general' },
      body: { $ref: '#/definitions/body' },
      habits: { $ref: '#/definitions/habits' },
      priorities: { $ref: '#/definitions/priorities' },
    });
    expect(schema.definitions?.body).toEqual(sectionSchema(definition, 'body'));
  });

  it('has a property for every stored field of each real band, and no other', () => {
    for (const def of Object.values(bandDefinitions)) {
      const schema = answerSetSchema(def);
      const fromSchema = Object.values(schema.definitions ?? {}).flatMap((s) => Object.keys(s.properties ?? {}));
      expect(fromSchema.sort()).toEqual([...fieldsOf(def).keys()].sort());
      for (const section of Object.values(schema.definitions ?? {})) {
        for (const property of Object.values(section.properties ?? {}))
          expect(property.title, JSON.stringify(property)).toBeTruthy();
      }
    }
  });
});
