import { exclusivePairsOf } from './exclusiveOptions';
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

const quoted = (label: string) => `«\u00a0${label}\u00a0»`;

/**
 * Why an exclusive box was refused (D25): "La case « Aucune de ces maladies » ne peut pas être
 * cochée avec une autre réponse.", naming the boxes it excludes when it does not exclude them all.
 */
function exclusiveMessage(field: CatalogueEntry | undefined): string | undefined {
  const group = field?.declaredBy;
  if (!field || group?.kind !== 'checkboxes') return undefined;
  const pair = exclusivePairsOf(group).find((p) => p.box === field.key);
  if (!pair) return undefined;
  const all = pair.excludes.length === group.boxes.length - 1;
  const labels = group.boxes.filter((b) => pair.excludes.includes(b.key)).map((b) => quoted(b.label));
  const others = all ? 'une autre réponse' : labels.join(' ou ');
  return `La case ${quoted(field.label)} ne peut pas être cochée avec ${others}.`;
}

/**
 * One refusal of the schema as a French sentence for people: the browser shows it under the
 * field and the server returns it, so both say the same thing for the same error. With the
 * field's catalogue entry, the sentence names its unit, a number question that declares an
 * `invalidMessage` has that message for its type and range errors, and an exclusive box ticked
 * with a box it excludes says so.
 */
export function validationMessage(error: ErrorFacts, field?: CatalogueEntry): string {
  const { keyword, params } = error;
  const number = field?.declaredBy.kind === 'number' ? field.declaredBy : undefined;
  const declared = number?.invalidMessage;
  if (declared && NUMBER_KEYWORDS.has(keyword)) {
    // The accepted range after the question's own message (issue 34: « entre 25 et 250 kg »).
    if (number?.min === undefined || number.max === undefined) return declared;
    const unit = number.unit ? `\u00a0${number.unit}` : '';
    return `${declared} Valeur acceptée\u00a0: entre ${formatNumber(number.min)} et ${formatNumber(number.max)}${unit}.`;
  }
  switch (keyword) {
    case 'not':
      return exclusiveMessage(field) ?? 'Valeur refusée.';
    case 'enum':
      return 'Réponse non prévue par le questionnaire.';
    case 'type':
      if (params.type === 'number') return 'Veuillez saisir un nombre.';
      if (params.type === 'integer') return 'Veuillez saisir un nombre entier.';
      return `Valeur incorrecte (attendu\u00a0: ${EXPECTED_TYPES[String(params.type)] ?? String(params.type)}).`;
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
