import type { DefinitionIssue } from './checkDefinition';
import type { ResolvedSingleChoiceQuestion } from './definition';
import { quoted } from './quoted';
import { storesCodes } from './storesCodes';

/**
 * A single choice's answers: none twice, and from version 2.0.0 each with a stable code and a
 * label no other answer of the question has (D41: forms store the code, people read the label,
 * so two answers that read alike could not be told apart).
 */
export function checkSingleAnswers(
  item: ResolvedSingleChoiceQuestion,
  path: string,
  version: string,
): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const seen = new Set<string>();
  for (const option of item.options) {
    if (seen.has(option))
      issues.push({ path: `${path}/options`, field: item.key, message: `réponse ${quoted(option)} en double` });
    seen.add(option);
  }
  if (!storesCodes(version)) return issues;
  const labels = item.optionLabels;
  if (!labels) {
    issues.push({
      path: `${path}/options`,
      field: item.key,
      message: `réponses sans code (${item.options.map(quoted).join(', ')})\u00a0: depuis la version 2.0.0, chaque réponse a un code stable et un libellé (D41)\u00a0; donnez à chaque réponse un «\u00a0code\u00a0» et un «\u00a0label\u00a0», ou prenez un vocabulaire codé`,
    });
    return issues;
  }
  const byLabel = new Map<string, string>();
  for (const code of new Set(item.options)) {
    const label = labels[code] ?? code;
    const first = byLabel.get(label);
    if (first !== undefined)
      issues.push({
        path: `${path}/options`,
        field: item.key,
        message: `réponses ${first} et ${code}\u00a0: même libellé ${quoted(label)}\u00a0; une personne ne pourrait pas les distinguer`,
      });
    else byLabel.set(label, code);
  }
  return issues;
}
