// What a person reads for the report's codes (D20): themes, levels, statuses, categories, and the
// fixed sentences of Bilan.pdf. Issue 16: no fixed sentence names a condition (dénutrition,
// obésité, dépression, trouble anxieux, addiction…) unless it prints only as a finding about the
// patient (a BMI category beside the patient's own BMI); reportWording.test.ts holds them to it.
import type { BmiStatus } from '../bmi';
import type {
  BmiCategory,
  DueItem,
  DueStatus,
  Level,
  ScoreStatus,
  Source,
  Theme,
  UpcomingDue,
} from './assessmentTypes';
import { frenchSourceDate } from './sourceDate';

export const THEME_LABELS: Record<Theme, string> = {
  'nutrition-activity': 'Alimentation et activité physique',
  addictions: 'Alcool, tabac et autres consommations',
  sleep: 'Sommeil',
  'mental-health': 'Santé mentale',
  'warning-signs': 'Signes à signaler à un médecin',
  screenings: 'Dépistages et suivi',
  vaccinations: 'Vaccinations',
  'sexual-health': 'Santé sexuelle',
  social: 'Situation sociale',
  'autonomy-falls': 'Autonomie et chutes',
};

export const LEVEL_LABELS: Record<Level, string> = {
  priority: 'Prioritaire',
  attention: 'À surveiller',
  information: 'Pour information',
};

export const DUE_STATUS_LABELS: Record<DueStatus, string> = {
  due: 'À faire',
  upToDate: 'À jour',
  unknown: 'À vérifier',
  seasonal: 'À faire à chaque campagne d’automne',
  askDoctor: 'À vérifier avec votre médecin',
  postponed: 'Reporté',
};

/** Issue 31: a vaccine the answers say nothing about is checked where vaccinations are written down. */
const VACCINE_UNKNOWN_LABEL = 'À vérifier (carnet de vaccination ou Mon espace santé)';

/** A due item's status as printed: a vaccine « À vérifier » says where to look. */
export function dueStatusLabel(item: Pick<DueItem, 'status' | 'theme'>): string {
  return item.status === 'unknown' && item.theme === 'vaccinations'
    ? VACCINE_UNKNOWN_LABEL
    : DUE_STATUS_LABELS[item.status];
}

export const SCORE_STATUS_LABELS: Record<ScoreStatus, string> = {
  positive: 'positif',
  negative: 'négatif',
  notEvaluable: 'non évaluable',
};

/** The two screening scores by what their items ask, not by a condition they might suggest. */
export const SCORE_LABELS = { phq2: 'PHQ-2 (intérêt et humeur)', gad2: 'GAD-2 (nervosité et inquiétude)' } as const;

/** WHO adult categories: printed only beside the patient's own BMI, as the category it falls in. */
export const BMI_CATEGORY_LABELS: Record<BmiCategory, string> = {
  underweight: 'Insuffisance pondérale',
  lowForAge: 'IMC bas pour l’âge',
  normal: 'Corpulence normale',
  overweight: 'Surpoids',
  obese: 'Obésité',
};

/** Why a BMI is not given, after "IMC non évaluable" (D24). */
const BMI_NOT_EVALUABLE_REASONS: Record<Exclude<BmiStatus, 'evaluated'>, string> = {
  missing: 'taille ou poids non renseigné',
  implausible: 'taille ou poids à vérifier',
};

/**
 * The words printed in place of a BMI that cannot be evaluated, the same in Questionnaire.pdf,
 * Bilan.pdf and the review page: "IMC non évaluable : taille ou poids à vérifier".
 */
export function bmiNotEvaluable(status: Exclude<BmiStatus, 'evaluated'>): string {
  return `IMC non évaluable\u00a0: ${BMI_NOT_EVALUABLE_REASONS[status]}`;
}

/** The WHO thresholds, in numbers only: the legend names no category the patient is not in. */
export const BMI_THRESHOLDS_NOTE = 'Repères de l’OMS pour l’adulte\u00a0: 18,5, 25 et 30\u00a0kg/m².';

/**
 * The legend under the BMI: the WHO thresholds and, where the definition declares it (70-75), the
 * older person's threshold (HAS 2021), in numbers only. The finding that reads it says the rest:
 * the BMI block itself no longer comments on the weight (issue 31: no second, contradicting item).
 */
export function bmiThresholdsNote(undernutrition?: { fromAge: number; bmiBelow: number }): string {
  if (!undernutrition) return BMI_THRESHOLDS_NOTE;
  const threshold = String(undernutrition.bmiBelow).replace('.', ',');
  return `${BMI_THRESHOLDS_NOTE.slice(0, -1)}\u00a0; à partir de ${undernutrition.fromAge}\u00a0ans, ${threshold}\u00a0kg/m² (Haute Autorité de santé, 2021).`;
}

/**
 * « À 65 ans, à votre prochain anniversaire : rappel dTPolio, zona, pneumocoque, grippe et Covid-19
 * chaque automne. »: the vaccines of every campaign last, with « chaque automne ».
 */
export function upcomingLine(upcoming: UpcomingDue): string {
  const once = upcoming.items.filter((i) => !i.seasonal).map((i) => i.short);
  const seasonal = upcoming.items.filter((i) => i.seasonal).map((i) => i.short);
  const names = [...once, ...seasonal];
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} et ${names.at(-1) ?? ''}` : (names[0] ?? '');
  return `À ${upcoming.age}\u00a0ans, à votre prochain anniversaire\u00a0: ${list}${seasonal.length > 0 ? ' chaque automne' : ''}.`;
}

/** « Recommandations vérifiées le 26 novembre 2026. », from the report's checkedOn. */
export function checkedOnLine(checkedOn: string): string {
  return `Recommandations vérifiées le ${frenchSourceDate(checkedOn)}.`;
}

/**
 * D42: « Textes de référence, dans l’édition vérifiée : Calendrier des vaccinations 2025, mise à
 * jour de décembre 2025 ; … », from the report's editions, where older versions print checkedOnLine.
 */
export function editionsLine(editions: readonly string[]): string {
  return `Textes de référence, dans l’édition vérifiée\u00a0: ${editions.join('\u00a0; ')}.`;
}

/**
 * « Source : HAS, « Document » (mai 2025) — https://… », in small type under every finding (D20);
 * with the edition the rule was compared with when the source names it (D42).
 */
export function sourceLine(source: Source): string {
  const edition = source.edition ? `, édition vérifiée\u00a0: ${source.edition}` : '';
  return `Source\u00a0: ${source.body}, «\u00a0${source.document}\u00a0» (${frenchSourceDate(source.date)})${edition}${source.url ? ` — ${source.url}` : ''}`;
}
