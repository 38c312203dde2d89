// What a person reads for the report's codes (D20): themes, levels, statuses, categories.
import type { BmiStatus } from '../bmi';
import type { BmiCategory, DueStatus, Level, ScoreStatus, Theme } from './assessmentTypes';

export const THEME_LABELS: Record<Theme, string> = {
  'nutrition-activity': 'Alimentation et activité physique',
  addictions: 'Addictions',
  sleep: 'Sommeil',
  'mental-health': 'Santé mentale',
  screenings: 'Dépistages et suivi',
  vaccinations: 'Vaccinations',
  'sexual-health': 'Santé sexuelle',
  social: 'Situation sociale',
  'autonomy-falls': 'Autonomie et chutes',
};

export const LEVEL_LABELS: Record<Level, string> = { priority: 'Prioritaire', attention: 'À surveiller', information: 'Pour information' };

export const DUE_STATUS_LABELS: Record<DueStatus, string> = { due: 'À faire', upToDate: 'À jour', unknown: 'À vérifier' };

export const SCORE_STATUS_LABELS: Record<ScoreStatus, string> = { positive: 'positif', negative: 'négatif', notEvaluable: 'non évaluable' };

/** WHO adult categories. */
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
