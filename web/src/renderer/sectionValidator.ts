import type { ValidatorFunction } from '@bilan/engine';
import type { ErrorSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';

function frenchMessage(keyword: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case 'minimum':
      return `Veuillez saisir une valeur supérieure ou égale à ${String(params.limit)}.`;
    case 'maximum':
      return `Veuillez saisir une valeur inférieure ou égale à ${String(params.limit)}.`;
    case 'maxLength':
      return `Ce texte ne doit pas dépasser ${String(params.limit)} caractères.`;
    case 'type':
      return params.type === 'number' || params.type === 'integer' ? 'Veuillez saisir un nombre.' : 'Valeur incorrecte.';
    case 'enum':
      return 'Réponse non prévue par le questionnaire.';
    default:
      return 'Valeur refusée.';
  }
}

/**
 * rjsf's validator, over the section's precompiled standalone validator from codegen: the same
 * function the server runs, and no JSON Schema compiler shipped to the browser. Section schemas
 * are flat (no anyOf, oneOf, if or dependencies), so rjsf never needs isValid to pick a branch.
 */
export function sectionValidator(validate: ValidatorFunction | undefined): ValidatorType {
  return {
    validateFormData(formData: unknown): ValidationData<unknown> {
      if (!validate || validate(formData ?? {})) return { errors: [], errorSchema: {} };
      const errors: RJSFValidationError[] = [];
      const errorSchema: Record<string, { __errors: string[] }> = {};
      for (const error of validate.errors ?? []) {
        const field = error.instancePath.split('/')[1] ?? (typeof error.params.additionalProperty === 'string' ? error.params.additionalProperty : '');
        const message = frenchMessage(error.keyword, error.params);
        errors.push({ name: error.keyword, property: `.${field}`, message, params: error.params, stack: `${field} ${message}` });
        const entry = (errorSchema[field] ??= { __errors: [] });
        entry.__errors.push(message);
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
