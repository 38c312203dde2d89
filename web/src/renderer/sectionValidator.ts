import { catalogueOf, validationMessage, type Definition, type ValidatorFunction } from '@bilan/engine';
import type { ErrorSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';

/**
 * rjsf's validator, over the section's precompiled standalone validator from codegen: the same
 * function the server runs, and no JSON Schema compiler shipped to the browser. Messages are the
 * engine's (validationMessage), so the page and the server say the same thing for the same error.
 * Section schemas are flat (no anyOf, oneOf, if or dependencies), so rjsf never needs isValid to
 * pick a branch.
 */
export function sectionValidator(definition: Definition, section: string, validate: ValidatorFunction | undefined): ValidatorType {
  const fields = catalogueOf(definition).fields;
  return {
    validateFormData(formData: unknown): ValidationData<unknown> {
      if (!validate || validate(formData ?? {})) return { errors: [], errorSchema: {} };
      const errors: RJSFValidationError[] = [];
      const errorSchema: Record<string, { __errors: string[] }> = {};
      for (const error of validate.errors ?? []) {
        const field = error.instancePath.split('/')[1] ?? (typeof error.params.additionalProperty === 'string' ? error.params.additionalProperty : '');
        const entry = fields.get(field);
        const message = validationMessage(error, entry?.section === section ? entry : undefined);
        errors.push({ name: error.keyword, property: `.${field}`, message, params: error.params, stack: `${field} ${message}` });
        const slot = (errorSchema[field] ??= { __errors: [] });
        slot.__errors.push(message);
      }
      return { errors, errorSchema: errorSchema as ErrorSchema<unknown> };
    },
    isValid(): boolean {
      return true;
    },
    rawValidation<Result>(_schema: unknown, formData?: unknown): { errors?: Result[]; validationError?: Error } {
      if (!validate || validate(formData ?? {})) return {};
      return { errors: (validate.errors ?? []) as Result[] };
    },
  };
}
