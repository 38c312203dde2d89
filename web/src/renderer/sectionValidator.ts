import { validateWith, type Definition, type ValidatorFunction } from '@bilan/engine';
import { t } from '../i18n/translate';
import type { ErrorSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';

/**
 * rjsf's validator, over the section's precompiled standalone validator from codegen: the same
 * function the server runs, read through the same `validateWith`, and no JSON Schema compiler
 * shipped to the browser. Messages are the engine's (validationMessage), in the patient's
 * language (issue 46), so the page and the
 * server say the same thing for the same error. `currentValidate` gives the section's validator
 * at each check: undefined until a version's validators have arrived (then the server checks). rjsf is given the section's schema without its
 * `allOf` (QuestionnaireForm), so it never needs isValid to pick a branch.
 */
export function sectionValidator(
  definition: Definition,
  section: string,
  currentValidate: () => ValidatorFunction | undefined,
): ValidatorType {
  return {
    validateFormData(formData: unknown): ValidationData<unknown> {
      const validate = currentValidate();
      if (!validate) return { errors: [], errorSchema: {} };
      const result = validateWith(validate, formData ?? {}, section, definition, t);
      const errors: RJSFValidationError[] = [];
      const errorSchema: Record<string, { __errors: string[] }> = {};
      for (const detail of result.details) {
        const field = detail.path.split('.')[1] ?? '';
        errors.push({
          name: detail.keyword,
          property: `.${field}`,
          message: detail.message,
          stack: `${field} ${detail.message}`,
        });
        const slot = (errorSchema[field] ??= { __errors: [] });
        slot.__errors.push(detail.message);
      }
      return { errors, errorSchema: errorSchema as ErrorSchema<unknown> };
    },
    isValid(): boolean {
      return true;
    },
    rawValidation<Result>(_schema: unknown, formData?: unknown): { errors?: Result[]; validationError?: Error } {
      const validate = currentValidate();
      if (!validate || validate(formData ?? {})) return {};
      return { errors: (validate.errors ?? []) as Result[] };
    },
  };
}
