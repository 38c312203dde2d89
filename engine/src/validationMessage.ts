import { exclusivePairsOf } from './exclusiveOptions';
import type { CatalogueEntry } from './record/catalogue';
import { formatNumber } from './record/formatNumber';
import { frenchText, type Say } from './i18n/say';

/** What a message needs of an ajv error (the engine never imports ajv). */
export interface ErrorFacts {
  keyword: string;
  params: Record<string, unknown>;
}

/** Errors that a number question's own `invalidMessage` explains better than a generic sentence. */
const NUMBER_KEYWORDS = new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

function limitOf(params: Record<string, unknown>, field: CatalogueEntry | undefined): string {
  const limit = params.limit;
  if (typeof limit !== 'number') return String(limit);
  return field?.unit ? `${formatNumber(limit)} ${field.unit}` : formatNumber(limit);
}

/**
 * Why an exclusive box was refused (D25): "La case « Aucune de ces maladies » ne peut pas être
 * cochée avec une autre réponse.", naming the boxes it excludes when it does not exclude them all.
 */
function exclusiveMessage(field: CatalogueEntry | undefined, t: Say): string | undefined {
  const group = field?.declaredBy;
  if (!field || group?.kind !== 'checkboxes') return undefined;
  const pair = exclusivePairsOf(group).find((p) => p.box === field.key);
  if (!pair) return undefined;
  const quoted = (label: string) => t('«\u00a0{text}\u00a0»', { text: label });
  const box = quoted(field.label);
  if (pair.excludes.length === group.boxes.length - 1)
    return t('La case {box} ne peut pas être cochée avec une autre réponse.', { box });
  const labels = group.boxes.filter((b) => pair.excludes.includes(b.key)).map((b) => quoted(b.label));
  return t('La case {box} ne peut pas être cochée avec {boxes}.', { box, boxes: labels.join(t(' ou ')) });
}

/** What type a value should have had, for the rare refusal of a field's type that is not a number. */
function expectedType(type: unknown, t: Say): string {
  switch (type) {
    case 'string':
      return t('un texte');
    case 'boolean':
      return t('une case cochée ou non');
    case 'object':
      return t('un ensemble de réponses');
    case 'array':
      return t('une liste');
    default:
      return String(type);
  }
}

/**
 * One refusal of the schema as a French sentence for people: the browser shows it under the
 * field and the server returns it, so both say the same thing for the same error. With the
 * field's catalogue entry, the sentence names its unit, a number question that declares an
 * `invalidMessage` has that message for its type and range errors, and an exclusive box ticked
 * with a box it excludes says so. `t` says it in the patient's language (the browser's; issue
 * 46): each sentence is written in French here, the key of the web app's language files.
 */
export function validationMessage(error: ErrorFacts, field?: CatalogueEntry, t: Say = frenchText): string {
  const { keyword, params } = error;
  const number = field?.declaredBy.kind === 'number' ? field.declaredBy : undefined;
  const declared = number?.invalidMessage;
  if (declared && NUMBER_KEYWORDS.has(keyword)) {
    // The accepted range after the question's own message (issue 34: « entre 25 et 250 kg »).
    if (number?.min === undefined || number.max === undefined) return declared;
    const unit = number.unit ? `\u00a0${number.unit}` : '';
    const accepted = t('Valeur acceptée\u00a0: entre {min} et {max}{unit}.', {
      min: formatNumber(number.min),
      max: formatNumber(number.max),
      unit,
    });
    return `${declared} ${accepted}`;
  }
  switch (keyword) {
    case 'not':
      return exclusiveMessage(field, t) ?? t('Valeur refusée.');
    case 'enum':
      return t('Réponse non prévue par le questionnaire.');
    case 'type':
      if (params.type === 'number') return t('Veuillez saisir un nombre.');
      if (params.type === 'integer') return t('Veuillez saisir un nombre entier.');
      return t('Valeur incorrecte (attendu\u00a0: {expected}).', { expected: expectedType(params.type, t) });
    case 'minimum':
      return t('Veuillez saisir une valeur supérieure ou égale à {limit}.', { limit: limitOf(params, field) });
    case 'exclusiveMinimum':
      return t('Veuillez saisir une valeur supérieure à {limit}.', { limit: limitOf(params, field) });
    case 'maximum':
      return t('Veuillez saisir une valeur inférieure ou égale à {limit}.', { limit: limitOf(params, field) });
    case 'exclusiveMaximum':
      return t('Veuillez saisir une valeur inférieure à {limit}.', { limit: limitOf(params, field) });
    case 'maxLength':
      return t('Ce texte ne doit pas dépasser {limit} caractères.', { limit: limitOf(params, undefined) });
    case 'additionalProperties':
      return t('Champ inconnu du questionnaire.');
    case 'uniqueItems':
      return t('La liste contient des doublons.');
    default:
      return t('Valeur refusée.');
  }
}
