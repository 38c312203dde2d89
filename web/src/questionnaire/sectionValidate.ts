import { definitionRef, type Definition, type ValidatorFunction } from '@bilan/engine';
import { validators } from '@bilan/generated/validators';

/** The precompiled validator of one section of a definition: the function the server runs too. */
export function sectionValidate(definition: Definition, section: string): ValidatorFunction | undefined {
  return validators[definitionRef(definition)]?.sections[section];
}
