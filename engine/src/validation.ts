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

const FRENCH_TYPES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  integer: 'un nombre entier',
  boolean: 'vrai ou faux',
  object: 'un objet',
  array: 'une liste',
};

function frenchMessage(error: ValidatorError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'enum':
      return 'Réponse non prévue par le questionnaire.';
    case 'type':
      return `Type de valeur incorrect (attendu : ${FRENCH_TYPES[String(p.type)] ?? String(p.type)}).`;
    case 'minimum':
      return `La valeur doit être supérieure ou égale à ${String(p.limit)}.`;
    case 'maximum':
      return `La valeur doit être inférieure ou égale à ${String(p.limit)}.`;
    case 'maxLength':
      return `Le texte ne doit pas dépasser ${String(p.limit)} caractères.`;
    case 'additionalProperties':
      return 'Champ inconnu du questionnaire.';
    case 'uniqueItems':
      return 'La liste contient des doublons.';
    default:
      return 'Valeur refusée.';
  }
}

/**
 * Runs a validator and turns its errors into `section.field` paths. With `section`, the
 * validator is a section validator and paths get that prefix. Array positions are folded into
 * their field (`otherConcerns.priorityTopics/2` → `otherConcerns.priorityTopics`).
 */
export function validateWith(validate: ValidatorFunction, data: unknown, section?: string): ValidationResult {
  if (validate(data)) return { valid: true, errors: [], details: [] };
  const details: FieldError[] = [];
  for (const error of validate.errors ?? []) {
    const segments = pointerToSegments(error.instancePath);
    if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
      segments.push(error.params.additionalProperty);
    }
    const full = section === undefined ? segments : [section, ...segments];
    const path = full.slice(0, 2).join('.');
    details.push({ path, keyword: error.keyword, message: frenchMessage(error) });
  }
  const errors = [...new Set(details.map((d) => d.path))].sort();
  return { valid: false, errors, details };
}
