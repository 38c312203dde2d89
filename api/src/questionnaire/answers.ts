import { normalize, normalizeSection, type Answers, type Definition } from '@bilan/engine';
import { apiError } from '../errors';
import { cleanAnswerTexts } from './answerTexts';
import { isBandCode, latestDefinition, validateAnswers, validateSection } from './definitions';

/** Answers as the server keeps them: replayed through the definition (D5b), then validated. */
export interface CheckedAnswers<T> {
  answers: T;
  /** Keys of the answers the replay dropped (unknown, or to questions hidden for this patient). */
  dropped: string[];
}

function refuse(validation: { errors: unknown; details: unknown }): never {
  throw apiError(422, 'invalid_answers', { errors: validation.errors, fields: validation.details });
}

/**
 * A whole set of answers, normalized once (conditions cross sections: the whole set is replayed)
 * and validated against the definition's generated validator; 422 invalid_answers otherwise.
 */
export async function checkedAnswers(definition: Definition, answers: Answers): Promise<CheckedAnswers<Answers>> {
  const normalized = normalize(definition, answers);
  const cleaned = cleanAnswerTexts(definition, normalized.answers);
  const validation = await validateAnswers(definition, cleaned);
  if (!validation.valid) refuse(validation);
  return { answers: cleaned, dropped: normalized.dropped };
}

/**
 * One section (a page's answers), normalized once in the light of the other stored sections and
 * validated with the section's generated validator; 422 invalid_answers otherwise. Synchronous,
 * for a replay inside a transaction: ValidatorsNotLoadedError until the version's validators are
 * loaded (loadValidators).
 */
export function checkedSection(
  definition: Definition,
  section: string,
  answers: Answers[string],
  others: Answers,
): CheckedAnswers<Answers[string]> {
  const normalized = normalizeSection(definition, section, answers, others);
  const cleaned = cleanAnswerTexts(definition, { [section]: normalized.answers })[section] ?? {};
  const validation = validateSection(definition, section, cleaned);
  if (!validation.valid) refuse(validation);
  return { answers: cleaned, dropped: normalized.dropped };
}

/**
 * Demo answers from the browser (no account): replayed through the band's latest definition and
 * validated like a real form, so that the demo PDFs show only what the questionnaire allows.
 */
export async function demoAnswers(
  band: unknown,
  answers: unknown,
): Promise<CheckedAnswers<Answers> & { definition: Definition }> {
  if (!isBandCode(band)) throw apiError(400, 'unknown_age_group');
  const definition = latestDefinition(band);
  return { definition, ...(await checkedAnswers(definition, (answers ?? {}) as Answers)) };
}
