import { isQuestion, type Definition, type ResolvedQuestion } from '@bilan/engine';

/** A question as the diff shows it: where it is and what a person reads. */
interface DiffQuestion {
  key: string;
  page: string;
  label: string;
}

interface Rewording {
  key: string;
  page: string;
  before: string;
  after: string;
}

/** What changed for the person filling in, from one version of a questionnaire to the next. */
export interface VersionDiff {
  /** The version compared with, or null for a band's first version. */
  previous: string | null;
  added: DiffQuestion[];
  removed: DiffQuestion[];
  /** The question's text, its help, a box's label or its answer strings read differently. */
  reworded: Rewording[];
}

interface Asked {
  question: ResolvedQuestion;
  page: string;
}

function questionsOf(definition: Definition): Map<string, Asked> {
  const asked = new Map<string, Asked>();
  for (const page of definition.pages)
    for (const item of page.items) if (isQuestion(item)) asked.set(item.key, { question: item, page: page.title });
  return asked;
}

/** Everything a person reads of a question, on one line. */
function wording(question: ResolvedQuestion): string {
  const parts = [question.label, question.help ?? ''];
  if (question.kind === 'checkboxes') parts.push(...question.boxes.map((b) => b.label));
  if (question.kind === 'single') parts.push(question.options.join(' / '));
  if (question.kind === 'number') parts.push(question.unit ?? '', question.invalidMessage ?? '');
  return parts.filter(Boolean).join(' — ');
}

/**
 * The questions a version adds, removes and rewords against the previous one (the preview shows
 * it beside the questionnaire, so an editor sees the change before publishing it).
 */
export function versionDiff(previous: Definition | undefined, next: Definition): VersionDiff {
  const before = previous ? questionsOf(previous) : new Map<string, Asked>();
  const after = questionsOf(next);
  const entry = (key: string, { question, page }: Asked): DiffQuestion => ({ key, page, label: question.label });
  return {
    previous: previous?.version ?? null,
    added: previous ? [...after].filter(([key]) => !before.has(key)).map(([key, asked]) => entry(key, asked)) : [],
    removed: [...before].filter(([key]) => !after.has(key)).map(([key, asked]) => entry(key, asked)),
    reworded: [...after].flatMap(([key, asked]) => {
      const was = before.get(key);
      if (!was || wording(was.question) === wording(asked.question)) return [];
      return [{ key, page: asked.page, before: wording(was.question), after: wording(asked.question) }];
    }),
  };
}
