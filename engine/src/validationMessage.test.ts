import { describe, expect, it } from 'vitest';
import type { DefinitionFile, NumberQuestion } from './definition';
import { catalogueOf } from './record/catalogue';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';
import { validationMessage } from './validationMessage';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
const field = (key: string) => catalogueOf(definition).fields.get(key);

describe('validationMessage', () => {
  it('words each keyword in French, for people', () => {
    expect(validationMessage({ keyword: 'enum', params: { allowedValues: ['Oui', 'Non'] } })).toBe(
      'Réponse non prévue par le questionnaire.',
    );
    expect(validationMessage({ keyword: 'type', params: { type: 'number' } })).toBe('Veuillez saisir un nombre.');
    expect(validationMessage({ keyword: 'type', params: { type: 'integer' } })).toBe(
      'Veuillez saisir un nombre entier.',
    );
    expect(validationMessage({ keyword: 'type', params: { type: 'string' } })).toBe(
      'Valeur incorrecte (attendu\u00a0: un texte).',
    );
    expect(validationMessage({ keyword: 'minimum', params: { limit: 0 } })).toBe(
      'Veuillez saisir une valeur supérieure ou égale à 0.',
    );
    expect(validationMessage({ keyword: 'exclusiveMaximum', params: { limit: 10 } })).toBe(
      'Veuillez saisir une valeur inférieure à 10.',
    );
    expect(validationMessage({ keyword: 'maxLength', params: { limit: 2000 } })).toBe(
      'Ce texte ne doit pas dépasser 2\u202F000 caractères.',
    );
    expect(validationMessage({ keyword: 'additionalProperties', params: { additionalProperty: 'x' } })).toBe(
      'Champ inconnu du questionnaire.',
    );
    expect(validationMessage({ keyword: 'uniqueItems', params: {} })).toBe('La liste contient des doublons.');
    expect(validationMessage({ keyword: 'if', params: {} })).toBe('Valeur refusée.');
  });

  it('writes a limit in French notation with the unit of the field', () => {
    expect(validationMessage({ keyword: 'maximum', params: { limit: 300 } }, field('height'))).toBe(
      'Veuillez saisir une valeur inférieure ou égale à 300 cm.',
    );
    expect(validationMessage({ keyword: 'minimum', params: { limit: 0.5 } }, field('weight'))).toBe(
      'Veuillez saisir une valeur supérieure ou égale à 0,5 kg.',
    );
    expect(validationMessage({ keyword: 'minimum', params: { limit: 0 } }, field('menopauseAge'))).toBe(
      'Veuillez saisir une valeur supérieure ou égale à 0.',
    );
  });

  it('names an exclusive box ticked beside a box it excludes (D25)', () => {
    expect(validationMessage({ keyword: 'not', params: {} }, field('aucune'))).toBe(
      'La case «\u00a0Aucune\u00a0» ne peut pas être cochée avec une autre réponse.',
    );
    // A box that is not exclusive, or no field at all: the generic sentence.
    expect(validationMessage({ keyword: 'not', params: {} }, field('diabete'))).toBe('Valeur refusée.');
    expect(validationMessage({ keyword: 'not', params: {} })).toBe('Valeur refusée.');
  });

  it('names the boxes an exclusive box excludes when it does not exclude them all', () => {
    const file: DefinitionFile = {
      ...testDefinitionFile,
      pages: testDefinitionFile.pages.map((page) => ({
        ...page,
        items: page.items.map((item) =>
          item.kind === 'checkboxes' && item.key === 'diseases'
            ? { ...item, exclusive: [{ box: 'aucune', excludes: ['diabete'] }] }
            : item,
        ),
      })),
    };
    const aucune = catalogueOf(resolveDefinition(file, testVocabularies)).fields.get('aucune');
    expect(validationMessage({ keyword: 'not', params: {} }, aucune)).toBe(
      'La case «\u00a0Aucune\u00a0» ne peut pas être cochée avec «\u00a0Diabète\u00a0».',
    );
  });

  it("uses a number question's own invalidMessage for its type and range errors", () => {
    const invalidMessage = 'Indiquez votre taille en centimètres, par exemple 172.';
    const file: DefinitionFile = {
      ...testDefinitionFile,
      pages: testDefinitionFile.pages.map((page) => ({
        ...page,
        items: page.items.map((item) =>
          item.key === 'height' ? ({ ...item, invalidMessage } as NumberQuestion) : item,
        ),
      })),
    };
    const height = catalogueOf(resolveDefinition(file, testVocabularies)).fields.get('height');
    // With the accepted range (issue 34).
    const withRange = `${invalidMessage} Valeur acceptée\u00a0: entre 0 et 300\u00a0cm.`;
    expect(validationMessage({ keyword: 'maximum', params: { limit: 300 } }, height)).toBe(withRange);
    expect(validationMessage({ keyword: 'minimum', params: { limit: 0 } }, height)).toBe(withRange);
    expect(validationMessage({ keyword: 'type', params: { type: 'number' } }, height)).toBe(withRange);
    // Other refusals keep their own sentence.
    expect(validationMessage({ keyword: 'additionalProperties', params: {} }, height)).toBe(
      'Champ inconnu du questionnaire.',
    );
  });
});
