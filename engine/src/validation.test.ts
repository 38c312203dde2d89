import { describe, expect, it } from 'vitest';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';
import { validateWith, type ValidatorError, type ValidatorFunction } from './validation';
import { validationMessage } from './validationMessage';

/** A validator that refuses with fixed ajv-shaped errors, as a compiled ajv function would. */
function refusing(errors: ValidatorError[]): ValidatorFunction {
  const validate: ValidatorFunction = () => {
    validate.errors = errors;
    return false;
  };
  return validate;
}

describe('validateWith', () => {
  it('passes what the validator accepts', () => {
    const validate: ValidatorFunction = () => true;
    expect(validateWith(validate, {})).toEqual({ valid: true, errors: [], details: [] });
  });

  it('turns instance paths into section.field paths, sorted and unique', () => {
    const result = validateWith(
      refusing([
        { instancePath: '/healthHistory/height', keyword: 'minimum', params: { limit: 0 } },
        { instancePath: '/generalQuestions/gender', keyword: 'enum', params: {} },
        { instancePath: '/healthHistory/height', keyword: 'type', params: { type: 'number' } },
      ]),
      {},
    );
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(['generalQuestions.gender', 'healthHistory.height']);
    expect(result.details[0]).toEqual({
      path: 'healthHistory.height',
      keyword: 'minimum',
      message: 'Veuillez saisir une valeur supérieure ou égale à 0.',
    });
  });

  it('names the extra field of an additionalProperties error, and an unknown section', () => {
    const result = validateWith(
      refusing([
        { instancePath: '/healthHistory', keyword: 'additionalProperties', params: { additionalProperty: 'shoeSize' } },
        { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'garden' } },
      ]),
      {},
    );
    expect(result.errors).toEqual(['garden', 'healthHistory.shoeSize']);
    expect(result.details.map((d) => d.message)).toEqual([
      'Champ inconnu du questionnaire.',
      'Champ inconnu du questionnaire.',
    ]);
  });

  it('reports an exclusive box refused through if/then once, on the box, not again on the section', () => {
    const definition = resolveDefinition(testDefinitionFile, testVocabularies);
    const result = validateWith(
      refusing([
        { instancePath: '/aucune', keyword: 'not', params: {} },
        { instancePath: '', keyword: 'if', params: { failingKeyword: 'then' } },
      ]),
      {},
      'general',
      definition,
    );
    expect(result.errors).toEqual(['general.aucune']);
    expect(result.details).toEqual([
      {
        path: 'general.aucune',
        keyword: 'not',
        message: 'La case «\u00a0Aucune\u00a0» ne peut pas être cochée avec une autre réponse.',
      },
    ]);
  });

  it('folds an array position into its field', () => {
    const result = validateWith(
      refusing([{ instancePath: '/otherConcerns/priorityTopics/2', keyword: 'enum', params: {} }]),
      {},
    );
    expect(result.errors).toEqual(['otherConcerns.priorityTopics']);
  });

  it('prefixes the section for a section validator', () => {
    const result = validateWith(
      refusing([{ instancePath: '/height', keyword: 'type', params: { type: 'number' } }]),
      {},
      'healthHistory',
    );
    expect(result.errors).toEqual(['healthHistory.height']);
    expect(result.details[0]?.message).toBe('Veuillez saisir un nombre.');
  });

  it('names a section that is not an object', () => {
    expect(
      validateWith(refusing([{ instancePath: '/healthHistory', keyword: 'type', params: { type: 'object' } }]), {})
        .errors,
    ).toEqual(['healthHistory']);
  });

  it('words every refusal in French', () => {
    const messages = validateWith(
      refusing([
        { instancePath: '/s/a', keyword: 'enum', params: {} },
        { instancePath: '/s/b', keyword: 'maximum', params: { limit: 300 } },
        { instancePath: '/s/c', keyword: 'maxLength', params: { limit: 500 } },
        { instancePath: '/s/d', keyword: 'uniqueItems', params: {} },
        { instancePath: '/s/e', keyword: 'type', params: { type: 'boolean' } },
        { instancePath: '/s/f', keyword: 'somethingElse', params: {} },
      ]),
      {},
    ).details.map((d) => d.message);
    expect(messages).toEqual([
      'Réponse non prévue par le questionnaire.',
      'Veuillez saisir une valeur inférieure ou égale à 300.',
      'Ce texte ne doit pas dépasser 500 caractères.',
      'La liste contient des doublons.',
      'Valeur incorrecte (attendu\u00a0: une case cochée ou non).',
      'Valeur refusée.',
    ]);
  });

  it('words each refusal with validationMessage, the sentence the browser shows', () => {
    const errors: ValidatorError[] = [
      { instancePath: '/s/a', keyword: 'minimum', params: { limit: 100 } },
      { instancePath: '/s/b', keyword: 'type', params: { type: 'integer' } },
    ];
    expect(validateWith(refusing(errors), {}).details.map((d) => d.message)).toEqual(
      errors.map((e) => validationMessage(e)),
    );
  });

  it('uses what the definition declares about the field: its unit, in its own section only', () => {
    const definition = resolveDefinition(testDefinitionFile, testVocabularies);
    const refusal = refusing([{ instancePath: '/height', keyword: 'maximum', params: { limit: 300 } }]);
    expect(validateWith(refusal, {}, 'body', definition).details[0]?.message).toBe(
      'Veuillez saisir une valeur inférieure ou égale à 300 cm.',
    );
    expect(validateWith(refusal, {}, 'general', definition).details[0]?.message).toBe(
      'Veuillez saisir une valeur inférieure ou égale à 300.',
    );
  });

  it('decodes JSON-pointer escapes', () => {
    expect(
      validateWith(refusing([{ instancePath: '/a~1b/c~0d', keyword: 'maxLength', params: { limit: 3 } }]), {}).errors,
    ).toEqual(['a/b.c~d']);
  });
});
