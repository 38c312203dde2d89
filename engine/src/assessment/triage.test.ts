import { describe, expect, it } from 'vitest';
import { definitions } from '@bilan/generated/definitions';
import triageJson from '@bilan/definitions/triage.json' with { type: 'json' };
import { answersFor } from '../testing/answersFor';
import { bandDefinitions } from '../testing/testBands';
import { assess } from './assess';
import type { Finding, Report, ReportContext } from './assessmentTypes';
import { parseTriageTable, triageOf, type TriageTable } from './triage';

const table = parseTriageTable(triageJson);
const ctx = (age: number): ReportContext => ({ age, today: '2026-01-15', sex: 'femme' });

/** A report holding just these findings, in this order (the rest of a report plays no part in triage). */
function reportWith(findings: Array<Pick<Finding, 'id' | 'level'> & Partial<Finding>>): Report {
  return {
    findings: findings.map((f) => ({
      theme: 'mental-health',
      topPriority: false,
      title: f.id,
      advice: '',
      phones: [],
      source: { body: 'x', document: 'y', date: '2025' },
      reasons: [],
      ...f,
    })),
  } as unknown as Report; // Only `findings` is read by triageOf.
}

describe('triageOf (D32)', () => {
  it('puts urgent findings first, then those to see, each in the report’s order, and reads the form’s level', () => {
    const report = reportWith([
      { id: 'depression-screen-positive', level: 'priority' },
      { id: 'chest-pain', level: 'priority' },
      { id: 'suicide-thoughts', level: 'priority' },
      { id: 'tobacco', level: 'attention' },
    ]);
    expect(triageOf(report, table)).toEqual({
      level: 'urgent',
      flags: [
        { id: 'chest-pain', title: 'chest-pain', level: 'urgent' },
        { id: 'suicide-thoughts', title: 'suicide-thoughts', level: 'urgent' },
        { id: 'depression-screen-positive', title: 'depression-screen-positive', level: 'review' },
      ],
    });
  });

  it('does not flag a difficulty with daily gestures or transport, and flags nothing in a calm report', () => {
    expect(triageOf(reportWith([{ id: 'daily-gestures-difficulty', level: 'priority' }]), table)).toEqual({
      level: null,
      flags: [],
    });
    expect(triageOf(reportWith([{ id: 'tobacco', level: 'attention' }]), table)).toEqual({ level: null, flags: [] });
  });

  it('lets a rule that states its level win over the table, and reads an unknown priority finding as « À voir »', () => {
    const report = reportWith([
      { id: 'suicide-thoughts', level: 'priority', triage: 'review' },
      { id: 'new-priority-rule', level: 'priority' },
      { id: 'new-attention-rule', level: 'attention', triage: 'urgent' },
    ]);
    expect(triageOf(report, table).flags.map((f) => [f.id, f.level])).toEqual([
      ['new-attention-rule', 'urgent'],
      ['suicide-thoughts', 'review'],
      ['new-priority-rule', 'review'],
    ]);
  });

  it('triages a real 70-75 form: transport alone is not flagged, suicidal thoughts are urgent', () => {
    const def = bandDefinitions['70to75'];
    const transport = assess(def, answersFor(def, { transportAlone: true }), ctx(72));
    expect(transport.findings.map((f) => f.id)).toContain('daily-gestures-difficulty');
    expect(triageOf(transport, table)).toEqual({ level: null, flags: [] });
    const dark = assess(def, answersFor(def, { transportAlone: true, darkThoughts: true }), ctx(72));
    expect(triageOf(dark, table)).toMatchObject({ level: 'urgent', flags: [{ id: 'suicide-thoughts' }] });
  });

  it('refuses a table whose level is misspelt', () => {
    expect(() => parseTriageTable({ findings: { 'suicide-thoughts': 'urgente' } })).toThrow(/suicide-thoughts/);
  });
});

describe('definitions/triage.json', () => {
  const rules = definitions.flatMap((d) =>
    (d.assessment?.rules ?? []).map((rule) => ({ ref: `${d.id}@${d.version}`, rule })),
  );
  const known = new Set(rules.map((r) => r.rule.id));

  it('names only findings some version has', () => {
    expect(Object.keys(table.findings).filter((id) => !known.has(id))).toEqual([]);
  });

  it('places every priority rule that does not state its own level (none falls to the default)', () => {
    const unplaced = rules.filter(
      ({ rule }) => rule.level === 'priority' && !rule.triage && !(rule.id in table.findings),
    );
    expect(unplaced.map(({ ref, rule }) => `${ref} ${rule.id}`)).toEqual([]);
  });

  it('makes suicidal thoughts, violence and chest pain urgent (D32)', () => {
    const urgent: TriageTable['findings'] = {
      'suicide-thoughts': 'urgent',
      violence: 'urgent',
      'chest-pain': 'urgent',
    };
    expect(table.findings).toMatchObject(urgent);
  });
});
