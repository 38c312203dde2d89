import { describe, expect, it } from 'vitest';
import { definitions } from '@bilan/generated/definitions';
import consultationJson from '@bilan/definitions/consultation.json' with { type: 'json' };
import { parseConsultationData } from './consultationData';

const data = parseConsultationData(consultationJson);
const rules = definitions.flatMap((d) => d.assessment?.rules ?? []);
const dueIds = new Set(definitions.flatMap((d) => (d.assessment?.due ?? []).map((x) => x.id)));
const findingIds = new Set(rules.map((r) => r.id));

describe('definitions/consultation.json (D33)', () => {
  it('names only findings, due items and themes that some version has', () => {
    const themes = new Set(rules.map((r) => r.theme));
    const unknown = data.actions.flatMap((a) => [
      ...(a.for.findings ?? []).filter((id) => !findingIds.has(id)).map((id) => `${a.id}: finding ${id}`),
      ...(a.for.due ?? []).filter((id) => !dueIds.has(id)).map((id) => `${a.id}: due ${id}`),
      ...(a.for.themes ?? []).filter((t) => !themes.has(t)).map((t) => `${a.id}: theme ${t}`),
    ]);
    expect(unknown).toEqual([]);
    expect(data.sensitive.findings.filter((id) => !findingIds.has(id))).toEqual([]);
  });

  it('keeps suicidal thoughts, violence and addictions off the patient’s copy unless included', () => {
    expect(data.sensitive.findings).toEqual(expect.arrayContaining(['suicide-thoughts', 'violence']));
    expect(data.sensitive.themes).toContain('addictions');
  });

  it('refuses an action without a topic, a duplicate or a source', () => {
    const action = { id: 'a', label: 'A', for: { any: true }, source: { body: 'b', document: 'd', date: '2024' } };
    expect(() => parseConsultationData({ sensitive: { findings: [], themes: [] }, actions: [action, action] })).toThrow(
      /en double/,
    );
    expect(() =>
      parseConsultationData({ sensitive: { findings: [], themes: [] }, actions: [{ ...action, for: {} }] }),
    ).toThrow(/aucun sujet/);
    expect(() =>
      parseConsultationData({
        sensitive: { findings: [], themes: [] },
        actions: [{ ...action, source: { body: 'b' } }],
      }),
    ).toThrow(/source incomplète/);
  });
});
