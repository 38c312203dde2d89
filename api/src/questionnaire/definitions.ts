// The api's one door to the generated code (the registry of resolved definitions and their
// standalone validators): every other api module imports them from here.
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
export function validateSection(definition: Definition, section: string, answers: unknown): ValidationResult {
  const validate = validatorsOf(definition).sections[section];
  if (!validate) throw new Error(`no generated validator for ${definitionRef(definition)}#${section}`);
  return validateWith(validate, answers, section, definition);
}

/** Validates the whole answers of a form. */
export function validateAnswers(definition: Definition, answers: unknown): ValidationResult {
  return validateWith(validatorsOf(definition).answers, answers, undefined, definition);
}

/** The definition a form was given in (D5); a missing one means a definition file was removed. */
export function definitionOf(form: { definitionId: string; definitionVersion: string }): Definition {
  const d = findDefinition(form.definitionId, form.definitionVersion);
  if (!d) throw new Error(`definition ${form.definitionId}@${form.definitionVersion} not found`);
  return d;
}
