// What a person reads for the report's codes (D20): themes, levels, statuses, categories, and the
// fixed sentences of Bilan.pdf. Issue 16: no fixed sentence names a condition (dénutrition,
// obésité, dépression, trouble anxieux, addiction…) unless it prints only as a finding about the
// patient (a BMI category beside the patient's own BMI); reportWording.test.ts holds them to it.
import type { BmiStatus } from '../bmi';
import type { BmiCategory, DueStatus, Level, ScoreStatus, Source, Theme } from './assessmentTypes';
import { frenchSourceDate } from './sourceDate';

export const THEME_LABELS: Record<Theme, string> = {
  'nutrition-activity': 'Alimentation et activité physique',
  addictions: 'Alcool, tabac et autres consommations',
  sleep: 'Sommeil',
  'mental-health': 'Santé mentale',
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
};

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

/** Where the undernutrition threshold of 70 and over comes from (printed with the finding only). */
export const UNDERNUTRITION_SOURCE: Source = {
  body: 'Haute Autorité de santé (HAS) et Fédération française de nutrition',
  document: 'Diagnostic de la dénutrition chez la personne de 70 ans et plus',
  date: '2021-11',
};

/**
 * The line under the BMI for a patient of 70 and over: a finding with its measure when the BMI is
 * below the threshold, else what was checked, in neutral words (issue 16).
 */
export function undernutritionLine(risk: boolean, bmiBelow: number): string {
  const threshold = String(bmiBelow).replace('.', ',');
  return risk
    ? `Votre IMC est inférieur à ${threshold}\u00a0: à partir de 70\u00a0ans, c’est l’un des critères de la dénutrition, à évaluer avec votre médecin.`
    : `Poids\u00a0: pas de signal particulier (IMC d’au moins ${threshold} à partir de 70\u00a0ans).`;
}

/** « Source : HAS, « Document » (mai 2025) — https://… », in small type under every finding (D20). */
export function sourceLine(source: Source): string {
  return `Source\u00a0: ${source.body}, «\u00a0${source.document}\u00a0» (${frenchSourceDate(source.date)})${source.url ? ` — ${source.url}` : ''}`;
}
