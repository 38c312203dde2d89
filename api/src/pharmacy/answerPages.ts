import { type FilledRecord, NOT_ANSWERED, recordPages } from '@bilan/engine';

/** Every answer of a record page by page, as the form's page shows them: a list on one line, a blank said so. */
export function answerPages(record: FilledRecord) {
  return recordPages(record).map((p) => ({
    title: p.title,
    bmi: p.bmi?.answer ?? null,
    parts: p.parts.map((part) => ({
      heading: part.heading,
      lines: part.lines.map((l) => ({
        label: l.label,
        answer: Array.isArray(l.answer) ? l.answer.join(', ') : (l.answer ?? NOT_ANSWERED),
      })),
    })),
  }));
}
