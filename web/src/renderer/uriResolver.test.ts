// fast-uri stands aside in the browser build (vite.config.ts): the sections the renderer gives rjsf
// never make it resolve a reference, and the stand-in resolves as fast-uri would if one came.
import { describe, expect, it } from 'vitest';
import { sectionSchema } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import uriResolver from './uriResolver';

function keysOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => keysOf(s, found));
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      found.add(key);
      keysOf(value, found);
    }
  }
  return found;
}

describe('uriResolver', () => {
  // rjsf calls it only for a draft 2020-12 root schema (createSchemaUtils, findSchemaDefinition).
  it('is never needed: no section of any version is a 2020-12 schema or holds a $ref', () => {
    for (const definition of definitions) {
      for (const page of definition.pages) {
        const { allOf: _acrossFields, ...shape } = sectionSchema(definition, page.section) as Record<string, unknown>;
        const keys = keysOf(shape);
        expect(keys.has('$ref'), `${definition.id}@${definition.version} ${page.section}`).toBe(false);
        expect(String(shape.$schema ?? '')).not.toMatch(/2019-09|2020-12/);
      }
    }
  });

  it('resolves a fragment against its base and an address as the URL standard does', () => {
    expect(uriResolver.resolve('https://exemple.fr/a.json#/x', '#/definitions/y')).toBe(
      'https://exemple.fr/a.json#/definitions/y',
    );
    expect(uriResolver.resolve('https://exemple.fr/s/a.json', 'b.json')).toBe('https://exemple.fr/s/b.json');
    expect(uriResolver.resolve('bilan', 'autre')).toBe('autre');
    expect(uriResolver.equal('https://EXEMPLE.fr/a', 'https://exemple.fr/a')).toBe(true);
    expect(uriResolver.equal('a', 'b')).toBe(false);
  });
});
