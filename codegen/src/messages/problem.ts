import { pointerSegments, type Position } from './jsonSource';

/**
 * One mistake in the definitions, as an editor acts on it: the file and the place in it, the
 * question, rule or vocabulary it is about, and what is wrong (in French, with a suggestion
 * where there is one). Printed on one line by `formatProblem`.
 */
export interface Problem {
  /** Path relative to the current directory, e.g. definitions/bilan-18to25/1.3.0.json. */
  file: string;
  position?: Position;
  /** The question key, box key, rule or due id, page section or vocabulary name it is about. */
  subject?: string;
  message: string;
}

/**
 * `definitions/bilan-45to50/1.3.0.json:120:45: raisesAlone : condition sur hasChildrens : question
 * inconnue ; vouliez-vous dire hasChildren ?` — the place first, in the form editors and terminals
 * turn into a link.
 */
export function formatProblem(problem: Problem): string {
  const place = problem.position ? `${problem.file}:${problem.position.line}:${problem.position.column}` : problem.file;
  return problem.subject ? `${place}: ${problem.subject}\u00a0: ${problem.message}` : `${place}: ${problem.message}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a place in a definition is about: the innermost question, box, computed field, rule or
 * due item on the way to it (its `key` or `id`), else the page (its `section`).
 */
export function subjectAt(data: unknown, pointer: string): string | undefined {
  let subject: string | undefined;
  let node: unknown = data;
  const note = (value: unknown) => {
    if (!isObject(value)) return;
    const name = value.key ?? value.id ?? value.section;
    if (typeof name === 'string' && name !== '' && value !== data) subject = name;
  };
  for (const segment of pointerSegments(pointer)) {
    node = Array.isArray(node) ? node[Number(segment)] : isObject(node) ? node[segment] : undefined;
    note(node);
  }
  return subject;
}
