import type { DefinitionIssue, TypographyRule } from '@bilan/engine';
import { valueAt, type JsonSource } from './jsonSource';
import { subjectAt, type Problem } from './problem';

/** The rules of French typography, in the editor's words. */
const TYPOGRAPHY_WORDS: Record<TypographyRule, string> = {
  apostrophe: 'apostrophe droite, écrivez ’',
  'space-before-punctuation': 'avant : ; ! ? il faut une espace insécable (U+00A0)',
  'space-inside-guillemets': 'entre les guillemets « » et le texte il faut une espace insécable (U+00A0)',
  'space-before-unit': 'entre un nombre et son unité il faut une espace insécable (U+00A0)',
  ellipsis: 'trois points, écrivez …',
};

/**
 * The engine's findings on one resolved definition (checkDefinition, French typography), as
 * problems at their place in the file: a condition's at the field it names, a question's at the
 * question, about the question, box or rule they are in.
 */
export function engineProblems(
  issues: readonly DefinitionIssue[],
  source: JsonSource,
  file: string,
  { published }: { published: boolean },
): Problem[] {
  return issues.map((issue) => {
    const fieldPath = `${issue.path}/field`;
    const pointer = typeof valueAt(source.value, fieldPath) === 'string' ? fieldPath : issue.path;
    const subject = subjectAt(source.value, issue.path) ?? issue.field;
    const first = issue.firstAt ? source.positionOf(issue.firstAt) : undefined;
    const message = issue.typography
      ? `typographie\u00a0: ${TYPOGRAPHY_WORDS[issue.typography.rule]}, dans «\u00a0${issue.typography.excerpt}\u00a0»${published ? '' : ' (pnpm definitions:check --fix corrige)'}`
      : first
        ? `${issue.message} (la première est ligne ${first.line})`
        : issue.message;
    return { file, position: source.positionOf(pointer), ...(subject ? { subject } : {}), message };
  });
}
