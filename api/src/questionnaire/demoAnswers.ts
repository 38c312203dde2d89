import { normalize, type Answers, type Definition } from '@bilan/engine';
import { apiError } from '../errors';
import { isBandCode, latestDefinition, validateAnswerSet } from './definitions';

/**
 * Demo answers from the browser (no account): replayed through the band's latest definition and
 * validated like a real answer set, so that the demo PDFs show only what the questionnaire allows.
 */
export function demoAnswers(ageGroup: unknown, responses: unknown): { definition: Definition; answers: Answers; dropped: string[] } {
  if (!isBandCode(ageGroup)) throw apiError(400, 'unknown_age_group');
  const definition = latestDefinition(ageGroup);
  const { answers, dropped } = normalize(definition, (responses ?? {}) as Answers);
  const validation = validateAnswerSet(definition, answers);
  if (!validation.valid) throw apiError(422, 'invalid_answers', { errors: validation.errors, fields: validation.details });
  return { definition, answers, dropped };
}
