// What a person reads for the report's codes (D20): themes, levels, statuses, categories.
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
