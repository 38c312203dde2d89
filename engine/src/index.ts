// The public API of @bilan/engine: pure functions shared by the browser and the server.
export type * from './definition';
export { resolveDefinition, UnknownVocabularyError } from './resolveDefinition';
export { fieldsOf, type FieldIndex, type FieldInfo, type FieldKind } from './fieldsOf';
export { answersLookup, evaluateCondition, isBlank, type Lookup } from './evaluateCondition';
export { conditionReasons, type ConditionReason } from './conditionReasons';
export { applyVisibility, isItemVisible, itemVisibility, type VisibilityResult } from './visibility';
export { bmiEvaluationOf, bmiFieldsOf, bmiOf, type BmiEvaluation, type BmiFields, type BmiStatus } from './bmi';
export { isQuestion, pageParts, type PagePart } from './pageParts';
export { urgentNotices } from './urgentNotices';
export {
  applyExclusiveOptions,
  boxesExcludedBy,
  exclusivePairsOf,
  type ExclusiveChange,
  type ExclusivePair,
} from './exclusiveOptions';
export { phonesNotIn, textWithPhones, type TextSegment } from './phoneLinks';
export { computeFields } from './computeFields';
export { normalize, normalizeSection, type NormalizeResult } from './normalize';
export {
  answerSetSchema,
  definitionRef,
  sectionSchema,
  DEFAULT_TEXT_MAX_LENGTH,
  DEFAULT_TEXTAREA_MAX_LENGTH,
  type JsonSchema,
} from './sectionSchema';
export {
  validateWith,
  type FieldError,
  type ValidationResult,
  type ValidatorError,
  type ValidatorFunction,
} from './validation';
export { validationMessage, type ErrorFacts } from './validationMessage';
export { nextPage, pageByRoute, pageBySection, previousPage, progressOf, visiblePages } from './pageFlow';
export { checkCompletion, type CompletionResult } from './completion';
export { estimatedMinutes } from './estimatedMinutes';
export { genderFromCivility } from './genderFromCivility';
export {
  ageInYears,
  ageNotEligibleMessage,
  bandForBirthDate,
  eligibleAgesText,
  InvalidBirthDateError,
  isValidBirthDate,
} from './ageBand';
export { paris, type CalendarDate } from './parisCalendar';
export { checkDefinition, type DefinitionIssue } from './checkDefinition';
export { isPersonName } from './personName';
export {
  compactSocialSecurityNumber,
  SOCIAL_SECURITY_NUMBER_MESSAGES,
  socialSecurityNumberProblem,
  type SocialSecurityNumberProblem,
} from './socialSecurityNumber';
export { compareDefinitions, compareVersions, fieldChanges } from './compareDefinitions';
export { closestName } from './closestName';
export { createRegistry, type Registry, type Versioned } from './registry';
export * from './assessment';
export * from './consultation';
// The record layer: a filled record read for people (labels, formatted answers, pages, report).
export type { FilledRecord } from './record/filledRecord';
export { catalogueOf, type Catalogue, type CatalogueEntry, type CatalogueGroup } from './record/catalogue';
export { formatNumber } from './record/formatNumber';
export { answerLabel, formatAnswer, groupAnswer } from './record/formatAnswer';
export {
  NOT_ANSWERED,
  recordPages,
  type BmiLine,
  type RecordLine,
  type RecordPage,
  type RecordPart,
} from './record/recordPages';
export { reportContextOf, reportOf } from './record/reportContext';
export { reasonText, reasonsLine } from './record/reasonText';
// French typography (issue 13): the checker, the fixer, and the texts of a definition a person reads.
export { typographyFaults, type TypographyFault, type TypographyRule } from './typography/typographyFaults';
export { frenchTypography } from './typography/frenchTypography';
export { deName } from './typography/elided';
export { UNIT_ALTERNATION } from './typography/typographyRules';
export { definitionTexts, definitionTypographyIssues, type DefinitionText } from './typography/definitionTypography';
// Languages (D41, issue 46): a version's texts in another language, checked and applied.
export {
  directionOf,
  LANGUAGE_NAMES,
  TRANSLATED_LANGUAGES,
  type Language,
  type TranslatedLanguage,
  type Translation,
} from './i18n/translation';
export { translatableTexts } from './i18n/translatableTexts';
export { storesCodes } from './storesCodes';
export { localizeDefinition } from './i18n/localizeDefinition';
export { frenchText, type Say, type SayValues } from './i18n/say';
