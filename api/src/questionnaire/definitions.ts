import { definitions } from '@bilan/generated/definitions';
import { validators } from '@bilan/generated/validators';
import { createRegistry, definitionRef, validateWith, type BandCode, type Definition, type ValidationResult } from '@bilan/engine';

export { definitions };
export const { bands, find: findDefinition, latest: latestDefinition } = createRegistry(definitions);

const bandCodes = new Set<string>(bands.map((b) => b.code));

export function isBandCode(value: unknown): value is BandCode {
  return typeof value === 'string' && bandCodes.has(value);
}

function validatorsOf(definition: Definition) {
  const v = validators[definitionRef(definition)];
  // Generated from the same registry: a missing entry means stale generated code, a bug.
  if (!v) throw new Error(`no generated validators for ${definitionRef(definition)}`);
  return v;
}

/** Validates one section with the generated standalone validator (the browser uses the same schema). */
export function validateSection(definition: Definition, sectionKey: string, section: unknown): ValidationResult {
  const validate = validatorsOf(definition).sections[sectionKey];
  if (!validate) throw new Error(`no generated validator for ${definitionRef(definition)}#${sectionKey}`);
  return validateWith(validate, section, sectionKey);
}

/** Validates a whole answer set. */
export function validateAnswerSet(definition: Definition, answers: unknown): ValidationResult {
  return validateWith(validatorsOf(definition).answers, answers);
}
