import { fieldsOf, type Answers, type Definition } from '@bilan/engine';
import { cleanText, invalidText } from '../shared/text/safeText';

/**
 * The text answers as stored: cleaned by text/safeText.ts (invisible format characters removed),
 * line breaks kept only in the
 * definition's multi-line answers (textarea). The bodies' texts were cleaned on arrival
 * (plugins/safeText.ts); this also covers a stored copy the finishing call replays, so that
 * nothing invalid reaches the PDFs even from answers stored before that check existed.
 */
export function cleanAnswerTexts(definition: Definition, answers: Answers): Answers {
  const fields = fieldsOf(definition);
  return Object.fromEntries(
    Object.entries(answers).map(([section, values]) => [
      section,
      Object.fromEntries(
        Object.entries(values ?? {}).map(([key, value]) => {
          if (typeof value !== 'string') return [key, value];
          // Free text: an invisible format character is removed, not refused (a replayed copy stays sendable).
          const r = cleanText(value, fields.get(key)?.kind === 'textarea', true);
          if (!r.ok) throw invalidText([section, key], r.reason);
          return [key, r.text];
        }),
      ),
    ]),
  );
}
