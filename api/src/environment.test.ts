import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config';
import { ENVIRONMENT_NAMES, unknownVariables } from './environment';

describe('the environment schema', () => {
  it('is documented whole in api/README.md, which names no variable the server does not read', () => {
    const readme = readFileSync(join(repoRoot, 'api', 'README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration (environment)'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration (environment)') + 5),
    );
    const documented = new Set(
      [...section.matchAll(/^\|([^|]+)\|/gm)].flatMap((m) =>
        [...(m[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((n) => n[1]),
      ),
    );
    expect([...ENVIRONMENT_NAMES].filter((n) => !documented.has(n))).toEqual([]);
    expect([...documented].filter((n) => !(ENVIRONMENT_NAMES as readonly string[]).includes(n as string))).toEqual([]);
  });

  it('takes one typo (a letter missing, added, changed or two swapped) for the variable meant', () => {
    expect(
      unknownVariables({ SMTP_URLL: 'x', SMT_URL: 'x', SMTP_URK: 'x', SMPT_URL: 'x' }).map((u) => u.meant),
    ).toEqual(['SMTP_URL', 'SMTP_URL', 'SMTP_URL', 'SMTP_URL']);
    expect(unknownVariables({ SMTP_URL: 'x', PATH: '/usr/bin', TERM: 'xterm' })).toEqual([]);
    // Short names: two letters swapped only, so that PATH, HOME or MAIL are never taken for ours.
    expect(unknownVariables({ PROT: '3000', HSOT: 'x' }).map((u) => u.meant)).toEqual(['PORT', 'HOST']);
    expect(unknownVariables({ PATH: 'x', HOME: 'x', MAIL: 'x', USER: 'x', SHELL: 'x', PWD: 'x', LANG: 'C' })).toEqual(
      [],
    );
  });
});
