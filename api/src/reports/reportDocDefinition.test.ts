import { describe, expect, it } from 'vitest';
import { assess, normalize, reasonsLine, sourceLine } from '@bilan/engine';
import { definitionOf, fixtureOf } from '@bilan/fixtures';
import { reportDocDefinition } from './reportDocDefinition';
import type { PdfInput } from './types';

/** Every text node of a pdfmake content tree that carries a plain string, with its style. */
function textNodes(
  node: unknown,
  found: Array<{ text: string; style: unknown }> = [],
): Array<{ text: string; style: unknown }> {
  if (Array.isArray(node)) node.forEach((n) => textNodes(n, found));
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.text === 'string') found.push({ text: record.text, style: record.style });
    for (const [key, value] of Object.entries(record))
      if (key !== 'text' || typeof value !== 'string') textNodes(value, found);
  }
  return found;
}

describe('reportDocDefinition', () => {
  const fixture = fixtureOf('70to75', 'report-priorities');
  const definition = definitionOf(fixture);
  const answers = normalize(definition, fixture.answers).answers;
  const report = assess(definition, answers, { age: 72, today: '2026-03-10' });
  const input: PdfInput = {
    definition,
    answers,
    patient: null,
    pharmacy: null,
    date: new Date('2026-03-10T10:00:00Z'),
  };
  const nodes = textNodes(reportDocDefinition(report, input).content);

  it('prints the source of every finding and due item in small type', () => {
    const expected = [...report.findings, ...report.due].map((f) => sourceLine(f.source));
    expect(expected.length).toBeGreaterThan(10);
    for (const line of expected) {
      const node = nodes.find((n) => n.text === line);
      expect(node, line).toBeDefined();
      expect(node?.style).toBe('small');
    }
  });

  it('says why every finding and due item appears, from the answers and measures, in small type (issue 16)', () => {
    const items = [...report.findings, ...report.due];
    for (const item of items) {
      expect(item.reasons.length, item.id).toBeGreaterThan(0);
      const line = reasonsLine(definition, item.reasons);
      expect(nodes.find((n) => n.text === line)?.style, line).toBe('small');
    }
  });

  it('leaves room for the objectives, the pharmacist’s notes and signature', () => {
    const texts = nodes.map((n) => n.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Objectifs convenus au comptoir',
        'Notes du pharmacien',
        'Signature du pharmacien\u00a0:',
      ]),
    );
  });
});
