import type { Answers, Definition } from '../definition';
import { fieldsOf } from '../fieldsOf';
import { answerOf } from '../answerOf';
import { answerLabel } from '../record/formatAnswer';
import type { ScoreConfig, ScoreItem, ScoreResult } from './assessmentTypes';

/**
 * A two-item screening score (PHQ-2, GAD-2). Each item scores its answer's position on the
 * field's own four-step scale (least frequent 0 … most frequent 3), so no answer string is
 * spelled here (D1). A blank item makes the score "non évaluable", never 0 (D20).
 */
export function computeScore(definition: Definition, answers: Answers, config: ScoreConfig | undefined): ScoreResult {
  if (!config) return { items: [], total: null, positive: null, status: 'notEvaluable', available: false };
  const index = fieldsOf(definition);
  const items: ScoreItem[] = config.items.map((field) => {
    const info = index.get(field);
    const label = info && 'label' in info.item ? info.item.label : field;
    const value = answerOf(field, answers, definition);
    const position = typeof value === 'string' && info?.options ? info.options.indexOf(value) : -1;
    return {
      field,
      label,
      answer: typeof value === 'string' ? answerLabel(definition, field, value) : null,
      points: position >= 0 ? position : null,
    };
  });
  if (items.some((item) => item.points === null)) {
    return { items, total: null, positive: null, status: 'notEvaluable', available: true };
  }
  const total = items.reduce((sum, item) => sum + (item.points ?? 0), 0);
  const positive = total >= config.positiveAt;
  return { items, total, positive, status: positive ? 'positive' : 'negative', available: true };
}
