import type { Definition } from './definition';
import { catalogueOf } from './record/catalogue';
import type { Say } from './i18n/say';
import { validationMessage } from './validationMessage';

/** The shape of an ajv error, declared here so that the engine never imports ajv. */
export interface ValidatorError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** An ajv-compiled (or ajv standalone) validate function. */
export interface ValidatorFunction {
  (data: unknown): boolean;
  errors?: ValidatorError[] | null;
}

export interface FieldError {
  /** `section.field`, or `section` when the section itself is wrong, or `field` for a section validator without a prefix. */
  path: string;
  keyword: string;
  /** French, for people. */
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  /** Sorted, unique paths of the refused fields. */
  errors: string[];
  details: FieldError[];
}

function pointerToSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Runs a validator and turns its errors into `section.field` paths with French messages
 * (validationMessage, the same sentences the browser shows). With `section`, the validator is a
 * section validator and paths get that prefix. Array positions are folded into their field
 * (`otherConcerns.priorityTopics/2` → `otherConcerns.priorityTopics`). With the definition,
 * messages use what it declares about the field (unit, its own message). With `say`, they are
 * in the patient's language (the browser's pages, issue 46).
 */
export function validateWith(
  validate: ValidatorFunction,
  data: unknown,
  section?: string,
  definition?: Definition,
  say?: Say,
): ValidationResult {
  if (validate(data)) return { valid: true, errors: [], details: [] };
  const details: FieldError[] = [];
  for (const error of validate.errors ?? []) {
    // An `if` that failed its `then` (exclusive boxes) only repeats the error of its `then`.
    if (error.keyword === 'if') continue;
    const segments = pointerToSegments(error.instancePath);
    if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
      segments.push(error.params.additionalProperty);
    }
    const full = section === undefined ? segments : [section, ...segments];
    const path = full.slice(0, 2).join('.');
    const [sectionKey, fieldKey] = full;
    const entry = definition && fieldKey !== undefined ? catalogueOf(definition).fields.get(fieldKey) : undefined;
    const field = entry?.section === sectionKey ? entry : undefined;
    details.push({ path, keyword: error.keyword, message: validationMessage(error, field, say) });
  }
  const errors = [...new Set(details.map((d) => d.path))].sort();
  return { valid: false, errors, details };
}
