// Test support for the packages that test against the engine (`@bilan/engine/testing`): a
// small definition of every kind, the four real definitions resolved, fast-check answer sets.
// Never imported by product code.
export { testDefinitionFile, testVocabularies } from './testDefinition';
export { codedTestDefinitionFile, codedTestVocabularies } from './codedTestDefinition';
export { bandDefinitions, firstBandDefinitions } from './testBands';
export { arbitraryAnswers } from './arbitraryAnswers';
export { answersFor, optionOf } from './answersFor';
export {
  CONDITION_WORDS,
  conditionWordsIn,
  positiveFields,
  unfoundedConditionWords,
  type ConditionWord,
} from './conditionWords';
