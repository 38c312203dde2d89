// @rjsf/utils' allOf merge stands aside in the browser build (vite.config.ts): the sections the
// renderer gives rjsf hold no allOf, and the stand-in merges as a shallow merge would if one came.
import { describe, expect, it } from 'vitest';
import { sectionSchema } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import allOfMerge from './allOfMerge';

function holdsAllOf(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(holdsAllOf);
  if (typeof schema !== 'object' || schema === null) return false;
  return Object.entries(schema).some(([key, value]) => key === 'allOf' || holdsAllOf(value));
}

describe('allOfMerge', () => {
  it('is never needed: no section of any version holds an allOf once its top-level one is left out', () => {
    for (const definition of definitions) {
      for (const page of definition.pages) {
        const { allOf: _acrossFields, ...shape } = sectionSchema(definition, page.section) as Record<string, unknown>;
        expect(holdsAllOf(shape), `${definition.id}@${definition.version} ${page.section}`).toBe(false);
      }
    }
  });

  it('joins the members’ properties and required fields over the parent’s', () => {
    expect(
      allOfMerge({
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a'],
        allOf: [{ properties: { b: { type: 'number' } }, required: ['b'] }, { title: 'T' }],
      }),
    ).toEqual({
      type: 'object',
      title: 'T',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    const plain = { type: 'string' };
    expect(allOfMerge(plain)).toBe(plain);
  });
});
