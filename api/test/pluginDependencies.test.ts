// Each feature declares, in its plugin's `dependencies`, every plugin whose decorator its code uses
// (`app.mailer`, `app.patientService`...): Fastify then refuses to start when app.ts registers a
// feature before what it needs, instead of a request failing on an undefined service. Read from the
// sources: a decorator's owner is the plugin (`name`) of the file that decorates it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';

const src = join(repoRoot, 'api', 'src');
const sourcesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ file: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }));

/** Every fastify-plugin of api/src: its name, dependencies and decorators. */
function plugins() {
  return sourcesOf(src).flatMap(({ file, text }) => {
    const name = /\{\s*name:\s*'([\w-]+)'(?:,\s*dependencies:\s*\[([^\]]*)\])?,?\s*\}\s*,?\s*\);?\s*$/.exec(text);
    if (!name) return [];
    const dependencies = [...(name[2] ?? '').matchAll(/'([\w-]+)'/g)].map((m) => m[1] as string);
    const decorators = [...text.matchAll(/\.decorate(?:<[^>]*>)?\(\s*'(\w+)'/g)].map((m) => m[1] as string);
    return [{ file: relative(src, file), name: name[1] as string, dependencies, decorators }];
  });
}

describe('the plugins’ dependencies', () => {
  const all = plugins();
  // @fastify/jwt's decorator, registered by plugins/auth.ts.
  const owner = new Map<string, string>([['jwt', 'auth']]);
  // A plugin a feature registers inside its own (reports/formPdfs.ts) is the feature's.
  const mainOf = (file: string) => all.find((p) => p.file === `${file.split('/')[0]}/plugin.ts`)?.name;
  for (const p of all) for (const d of p.decorators) owner.set(d, mainOf(p.file) ?? p.name);

  it('are read from the sources', () => {
    expect(owner.get('patientService')).toBe('patient');
    expect(owner.get('mailer')).toBe('mailer');
    expect(owner.get('formPdfs')).toBe('reports');
    expect(all.find((p) => p.name === 'patient')?.dependencies).toContain('botCheck');
  });

  const features = readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() && sourcesOf(join(src, e.name)).some((f) => f.file.endsWith(`${e.name}/index.ts`)))
    .map((e) => e.name);

  it.each(features)('name every decorator of another plugin that %s uses', (feature) => {
    const own = all.filter((p) => p.file.startsWith(`${feature}/`));
    const main = own.find((p) => p.file === `${feature}/plugin.ts`);
    expect(main, `${feature}/plugin.ts`).toBeDefined();
    const ownNames = new Set([feature, ...own.map((p) => p.name)]);
    const missing = new Set<string>();
    for (const { file, text } of sourcesOf(join(src, feature)))
      for (const m of text.matchAll(/\b(?:app|fastify)\.(\w+)\b/g)) {
        const by = owner.get(m[1] as string);
        if (by && !ownNames.has(by) && !main?.dependencies.includes(by))
          missing.add(`${relative(src, file)}: app.${m[1]} (${by})`);
      }
    expect([...missing]).toEqual([]);
  });
});
