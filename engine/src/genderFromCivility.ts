import type { Definition } from './definition';
import type { Sex } from './definitionTypes.generated';
import { fieldsOf } from './fieldsOf';

const SEX_OF_CIVILITY: Readonly<Record<string, Sex>> = { Madame: 'femme', Monsieur: 'homme', Autre: 'autre' };

/**
 * The answer the registration's civility gives the questionnaire's own sex question (issue 34:
 * the gender is asked once, the patient can still change it): the definition's `sexField` and
 * the answer string its `sexValues` map to the civility's sex. Null when the definition has no
 * such question or no answer for that civility.
 */
export function genderFromCivility(
  definition: Definition,
  civility: string,
): { section: string; field: string; value: string } | null {
  const sex = SEX_OF_CIVILITY[civility];
  const { sexField, sexValues } = definition.assessment ?? {};
  if (!sex || !sexField || !sexValues) return null;
  const field = fieldsOf(definition).get(sexField);
  const value = Object.entries(sexValues).find(([, code]) => code === sex)?.[0];
  if (!field || field.kind !== 'single' || value === undefined) return null;
  if (field.item.kind !== 'single' || !field.item.options.includes(value)) return null;
  return { section: field.section, field: sexField, value };
}
