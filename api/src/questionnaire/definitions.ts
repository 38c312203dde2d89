// The api's one door to the generated code (the registry of resolved definitions and their
// standalone validators): every other api module imports them from here.
import { validatorLoaders } from '@bilan/generated/validatorLoaders';
import { definitions } from '@bilan/generated/definitions';
import { translations } from '@bilan/generated/translations';
import {
  createRegistry,
  definitionRef,
  validateWith,
  type BandCode,
  type Definition,
  type Language,
  type ValidationResult,
  type ValidatorFunction,
} from '@bilan/engine';

export { definitions };
export const { bands, find: findDefinition, latest: latestDefinition } = createRegistry(definitions);

const bandCodes = new Set<string>(bands.map((b) => b.code));

/** The languages a version can be read in (D41): French, and those it was published with. */
export function languagesOf(definition: Definition): readonly Language[] {
  return ['fr', ...(Object.keys(translations[definitionRef(definition)] ?? {}) as Language[])];
}

export function isBandCode(value: unknown): value is BandCode {
  return typeof value === 'string' && bandCodes.has(value);
}

/** One version's generated validators: the whole answer set's and one per section. */
interface VersionValidators {
  answers: ValidatorFunction;
  sections: Record<string, ValidatorFunction>;
}

// Each version's validators are imported on the first answers to validate in that version (the
// generated validatorLoaders, one chunk per version): the twelve versions' standalone code is 2 MB of
// source and about 9 MB resident once loaded, which a server at rest does not need, and a
// running one mostly needs only the latest versions.
const loadedValidators = new Map<string, VersionValidators>();
const loadingValidators = new Map<string, Promise<VersionValidators>>();

/** A version's validators, imported once; concurrent first callers share the import. */
export function loadValidators(definition: Definition): Promise<VersionValidators> {
  const ref = definitionRef(definition);
  const loaded = loadedValidators.get(ref);
  if (loaded) return Promise.resolve(loaded);
  const loading = loadingValidators.get(ref);
  if (loading) return loading;
  const loader = validatorLoaders[ref];
  // Generated from the same registry: a missing entry means stale generated code, a bug.
  if (!loader) return Promise.reject(new Error(`no generated validators for ${ref}`));
  const load = loader().then(
    ({ answers, sections }) => {
      const validators = { answers, sections };
      loadedValidators.set(ref, validators);
      loadingValidators.delete(ref);
      return validators;
    },
    (err: unknown) => {
      // The next request tries the import again.
      loadingValidators.delete(ref);
      throw err;
    },
  );
  loadingValidators.set(ref, load);
  return load;
}

/**
 * Thrown by the synchronous validation of a version whose validators are not imported yet: the
 * caller (a replay inside a transaction, which cannot wait) awaits `loadValidators` and retries.
 */
export class ValidatorsNotLoadedError extends Error {
  constructor(readonly definition: Definition) {
    super(`validators of ${definitionRef(definition)} not loaded yet`);
    this.name = 'ValidatorsNotLoadedError';
  }
}

function validatorsOf(definition: Definition): VersionValidators {
  const validators = loadedValidators.get(definitionRef(definition));
  if (!validators) throw new ValidatorsNotLoadedError(definition);
  return validators;
}

/**
 * Validates one section with the generated standalone validator (the browser uses the same
 * schema); the version's validators must be loaded (ValidatorsNotLoadedError otherwise).
 */
export function validateSection(definition: Definition, section: string, answers: unknown): ValidationResult {
  const validate = validatorsOf(definition).sections[section];
  if (!validate) throw new Error(`no generated validator for ${definitionRef(definition)}#${section}`);
  return validateWith(validate, answers, section, definition);
}

/** Validates the whole answers of a form, importing the version's validators on first use. */
export async function validateAnswers(definition: Definition, answers: unknown): Promise<ValidationResult> {
  return validateWith((await loadValidators(definition)).answers, answers, undefined, definition);
}

/** The definition a form was given in (D5); a missing one means a definition file was removed. */
export function definitionOf(form: { definitionId: string; definitionVersion: string }): Definition {
  const d = findDefinition(form.definitionId, form.definitionVersion);
  if (!d) throw new Error(`definition ${form.definitionId}@${form.definitionVersion} not found`);
  return d;
}
