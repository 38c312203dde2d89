import type { Definition } from '../definition';
import type { AssessmentPart } from './assessmentTypes';

/** The assessment part of a definition, if it has one. */
export function assessmentOf(definition: Definition): AssessmentPart | undefined {
  return definition.assessment;
}
