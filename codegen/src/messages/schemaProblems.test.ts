import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDefinitionFile } from '@bilan/engine/testing';
import { definitionsCheck } from '../definitionsCheck';
import { formatProblem } from './problem';

const N = '\u00a0';

describe('schema mistakes, one line each', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The check's lines for the test definition with its first page's items changed. */
  function check(change: (items: Array<Record<string, unknown>>) => unknown[]): string[] {
    dir = mkdtempSync(join(tmpdir(), 'schema-problems-'));
    mkdirSync(join(dir, 'bilan-test'));
    const file = structuredClone(testDefinitionFile) as unknown as {
      pages: Array<{ items: Array<Record<string, unknown>> }>;
    };
    const first = file.pages[0];
    if (first) first.items = change(first.items) as Array<Record<string, unknown>>;
    writeFileSync(join(dir, 'bilan-test', '1.0.0.json'), JSON.stringify(file, null, 2));
    return definitionsCheck(dir, dir).map(formatProblem);
  }

  it('a misspelt property: unknown, with the name it meant, and not also "label missing"', () => {
    expect(check((items) => items.map((i, n) => (n === 0 ? { ...i, label: undefined, lable: i.label } : i)))).toEqual([
      `bilan-test/1.0.0.json:27:11: gender${N}: propriété lable inconnue${N}; vouliez-vous dire label${N}?`,
    ]);
  });

  it('a misspelt kind: one line, the kinds there are, the one it meant (no line per kind of question)', () => {
    expect(check((items) => items.map((i, n) => (n === 0 ? { ...i, kind: 'singel' } : i)))).toEqual([
      `bilan-test/1.0.0.json:20:19: gender${N}: kind «${N}singel${N}» inconnu (single, checkboxes, number, text, textarea, notice, heading)${N}; vouliez-vous dire single${N}?`,
    ]);
  });

  it('an answer string given twice, at the second one', () => {
    expect(
      check((items) => items.map((i, n) => (n === 0 ? { ...i, options: ['Homme', 'Femme', 'Homme'] } : i))),
    ).toEqual([`bilan-test/1.0.0.json:26:13: gender${N}: «${N}Homme${N}» en double (positions 1 et 3 de la liste)`]);
  });

  it('answer strings that are neither a list nor a vocabulary: the branch of their type speaks, once', () => {
    expect(check((items) => items.map((i, n) => (n === 0 ? { ...i, options: { vocabulaire: 'ouiNon' } } : i)))).toEqual(
      [
        `bilan-test/1.0.0.json:24:13: gender${N}: propriété vocabulaire inconnue${N}; vouliez-vous dire vocabulary${N}?`,
      ],
    );
    expect(check((items) => items.map((i, n) => (n === 0 ? { ...i, options: 'Oui' } : i)))).toEqual([
      `bilan-test/1.0.0.json:23:22: gender${N}: ni une liste de réponses ni un vocabulaire { "vocabulary": "…" }`,
    ]);
  });

  it('a key with a space or an accent, and a condition of a type that does not exist', () => {
    expect(
      check((items) =>
        items.map((i, n) => (n === 0 ? { ...i, key: 'genre déclaré', visibleWhen: { type: 'equal', field: 'x' } } : i)),
      ),
    ).toEqual([
      `bilan-test/1.0.0.json:21:18: genre déclaré${N}: «${N}genre déclaré${N}» mal écrit${N}: une clé s’écrit en lettres sans accent, chiffres et _, sans espace`,
      `bilan-test/1.0.0.json:29:21: genre déclaré${N}: type «${N}equal${N}» inconnu (checked, answered, equals, oneOf, compare, all, any, not)${N}; vouliez-vous dire equals${N}?`,
    ]);
  });
});
