import type { CatalogueEntry } from './record/catalogue';
import { formatNumber } from './record/formatNumber';

/** What a message needs of an ajv error (the engine never imports ajv). */
export interface ErrorFacts {
  keyword: string;
  params: Record<string, unknown>;
}

const EXPECTED_TYPES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  integer: 'un nombre entier',
  boolean: 'une case cochée ou non',
  object: 'un ensemble de réponses',
  array: 'une liste',
};

/** Errors that a number question's own `invalidMessage` explains better than a generic sentence. */
const NUMBER_KEYWORDS = new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

function limitOf(params: Record<string, unknown>, field: CatalogueEntry | undefined): string {
  const limit = params.limit;
  if (typeof limit !== 'number') return String(limit);
  return field?.unit ? `${formatNumber(limit)} ${field.unit}` : formatNumber(limit);
}

/**
 * One refusal of the schema as a French sentence for people: the browser shows it under the
 * field and the server returns it, so both say the same thing for the same error. With the
 * field's catalogue entry, the sentence names its unit, and a number question that declares an
 * `invalidMessage` has that message for its type and range errors.
 */
export function validationMessage(error: ErrorFacts, field?: CatalogueEntry): string {
  const { keyword, params } = error;
  const declared = field?.declaredBy.kind === 'number' ? field.declaredBy.invalidMessage : undefined;
  if (declared && NUMBER_KEYWORDS.has(keyword)) return declared;
  switch (keyword) {
    case 'enum':
      return 'Réponse non prévue par le questionnaire.';
    case 'type':
      if (params.type === 'number') return 'Veuillez saisir un nombre.';
      if (params.type === 'integer') return 'Veuillez saisir un nombre entier.';
      return `Valeur incorrecte (attendu : ${EXPECTED_TYPES[String(params.type)] ?? String(params.type)}).`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `Veuillez saisir une valeur ${keyword === 'minimum' ? 'supérieure ou égale à' : 'supérieure à'} ${limitOf(params, field)}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `Veuillez saisir une valeur ${keyword === 'maximum' ? 'inférieure ou égale à' : 'inférieure à'} ${limitOf(params, field)}.`;
    case 'maxLength':
      return `Ce texte ne doit pas dépasser ${limitOf(params, undefined)} caractères.`;
    case 'additionalProperties':
      return 'Champ inconnu du questionnaire.';
    case 'uniqueItems':
      return 'La liste contient des doublons.';
    default:
      return 'Valeur refusée.';
  }
}
