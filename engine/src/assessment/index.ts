// The assessment report (D20): rules as data, scores, what is due. Re-exported by the engine.
export { assess } from './assess';
export { priorityCount } from './priorityCount';
export {
  parseTriageTable,
  triageOf,
  TRIAGE_LABELS,
  TRIAGE_LEVELS,
  type Triage,
  type TriageChoice,
  type TriageFlag,
  type TriageLevel,
  type TriageTable,
} from './triage';
export { checkAssessment, type AssessmentIssue } from './checkAssessment';
export { assessmentOf } from './assessmentOf';
export { bmiCategory, computeBmiResult } from './computeBmiResult';
export { FACTS } from './assessmentFacts';
export * from './assessmentTypes';
export {
  THEME_LABELS,
  LEVEL_LABELS,
  DUE_STATUS_LABELS,
  SCORE_STATUS_LABELS,
  SCORE_LABELS,
  BMI_CATEGORY_LABELS,
  BMI_THRESHOLDS_NOTE,
  bmiNotEvaluable,
  bmiThresholdsNote,
  checkedOnLine,
  dueStatusLabel,
  editionsLine,
  sourceLine,
  upcomingLine,
} from './reportLabels';
export { questionCoverage, fieldsReadByReport, type CoverageIssue } from './questionCoverage';
export { sourceChecks, type SourceCheck } from './sourceChecks';
export { frenchSourceDate, parseSourceDate, type SourceDateParts } from './sourceDate';
