import type { Answers, Definition } from '../definition';
import { fieldsOf } from '../fieldsOf';

/**
 * Answers with each field's value put in its own section, for tests that set a few fields by name.
 * The answer strings come from the definition by position (`optionOf`): no test spells them (D1).
 */
export function answersFor(def: Definition, values: Record<string, string | number | boolean>): Answers {
  const answers: Answers = {};
  for (const [field, value] of Object.entries(values)) {
    const section = fieldsOf(def).get(field)?.section;
    if (!section) throw new Error(`${def.id}: no field ${field}`);
    answers[section] = { ...answers[section], [field]: value };
  }
  return answers;
}

/** The answer string at `index` among a field's options. */
export function optionOf(def: Definition, field: string, index: number): string {
  const value = fieldsOf(def).get(field)?.options?.[index];
  if (value === undefined) throw new Error(`${def.id}: no option ${index} for ${field}`);
  return value;
}
