import { describe, expect, it } from 'vitest';
import { isFrenchText } from './frenchText';
import { PLACEHOLDER, sourceTexts } from './sourceTexts';

const P = PLACEHOLDER;
const texts = (source: string, name = 'x.tsx') => sourceTexts(name, source).map((t) => t.text);

describe('sourceTexts', () => {
  it('reads string literals, template literals (a placeholder per substitution) and JSX text', () => {
    const source = [
      "const a = 'Bonjour';",
      'const b = `Étape ${step} sur ${steps}`;',
      'const c = <p title="Aide">Questions sans réponse{\'\\u00a0\'}: {count}. Voir <strong>{name}</strong> ici.</p>;',
    ].join('\n');
    expect(texts(source)).toEqual([
      'Bonjour',
      `Étape ${P} sur ${P}`,
      `Questions sans réponse\u00a0: ${P}. Voir ${P} ici.`,
      'Aide',
    ]);
  });

  it('joins JSX lines as React does and decodes entities', () => {
    expect(texts('const c = <p>\n  Une phrase\n  sur deux lignes&nbsp;!\n</p>;')).toEqual([
      'Une phrase sur deux lignes\u00a0!',
    ]);
  });

  it('leaves out code by its place: modules, types, keys, comparisons, cases, tags, code attributes', () => {
    const source = [
      "import x from 'a:b';",
      "type T = 'l\\'un' | 'autre';",
      "const o = { 'c\\'est': 1 };",
      "if (mode === 'd\\'accord') o['l\\'an'];",
      "switch (v) { case 'n\\'a': break; }",
      "const q = sql`SELECT strftime('%Y', x)`;",
      'const e = <div className="a:b" style={{ width: `${value}%` }} aria-label="Fermer l\'aide" />;',
    ].join('\n');
    expect(texts(source)).toEqual(["Fermer l'aide"]);
  });

  it('gives the line and the attribute of each text', () => {
    expect(sourceTexts('x.tsx', '\nconst e = <button aria-label="Fermer">OK</button>;')).toEqual([
      { line: 2, text: 'OK' },
      { line: 2, text: 'Fermer', attribute: 'aria-label' },
    ]);
  });
});

describe('isFrenchText', () => {
  it('keeps French prose, lone French words and what only substitutions and French signs make', () => {
    for (const text of [
      'Vous êtes :',
      'Mot de passe oublié ?',
      "Retour à l'accueil",
      "D'accord",
      "C'est",
      "Aujourd'hui",
      'Chargement...',
      `Nom : ${P}`,
      `${P} : `,
      `« ${P} »`,
      `${P} %`,
      `${P} kg/m²`,
      `${P} µg`,
      'Date : ____ / ____',
    ]) {
      expect(isFrenchText(text), text).toBe(true);
    }
  });

  it('leaves out code and English: keys, addresses, times, CSS, headers, regexes, developer messages', () => {
    for (const text of [
      'pair:',
      'https://x.fr/a:b',
      '10:30',
      'sealed:v1:',
      'btn btn-primary',
      'font-size:15px;color:red',
      '(prefers-reduced-motion: reduce)',
      'text/plain; charset=utf-8',
      `${P}=${P}; Path=/api/auth; HttpOnly`,
      `(?<![0-9])(?:${P})`,
      "don't",
      `siteverify unreachable: ${P}`,
      'web app not built: only the API is served',
      `form ${P}: unknown definition ${P}`,
      `${P}:${P}`,
    ]) {
      expect(isFrenchText(text), text).toBe(false);
    }
  });
});
