import { describe, expect, it } from 'vitest';
import deepEquals from './deepEquals';

class Tools {
  constructor(readonly rootSchema: object) {}
}

describe('deepEquals (rjsf’s, without fast-equals)', () => {
  it('compares form data, schemas and errors by value', () => {
    expect(deepEquals({ a: 1, b: ['x', { c: true }] }, { b: ['x', { c: true }], a: 1 })).toBe(true);
    expect(deepEquals({ a: 1, b: ['x', { c: true }] }, { a: 1, b: ['x', { c: false }] })).toBe(false);
    expect(deepEquals({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEquals([1, 2], [1, 2, 3])).toBe(false);
    expect(deepEquals({ a: 1 }, [1])).toBe(false);
    expect(deepEquals('1', 1)).toBe(false);
    expect(deepEquals(null, undefined)).toBe(false);
    expect(deepEquals(null, {})).toBe(false);
  });

  it('counts any two functions equal and NaN equal to NaN, as fast-equals', () => {
    expect(deepEquals({ onChange: () => 1 }, { onChange: () => 2 })).toBe(true);
    expect(deepEquals(Number.NaN, Number.NaN)).toBe(true);
    expect(deepEquals({ n: Number.NaN }, { n: 1 })).toBe(false);
  });

  it('compares dates, patterns and class instances by value, objects of other constructors apart', () => {
    expect(deepEquals(new Date(5), new Date(5))).toBe(true);
    expect(deepEquals(new Date(5), new Date(6))).toBe(false);
    expect(deepEquals(/a/g, /a/g)).toBe(true);
    expect(deepEquals(/a/g, /a/i)).toBe(false);
    expect(deepEquals(new Tools({ type: 'object' }), new Tools({ type: 'object' }))).toBe(true);
    expect(deepEquals(new Tools({ type: 'object' }), new Tools({ type: 'string' }))).toBe(false);
    expect(deepEquals(new Tools({}), { rootSchema: {} })).toBe(false);
    expect(deepEquals(Object.assign(Object.create(null), { a: 1 }), Object.assign(Object.create(null), { a: 1 }))).toBe(
      true,
    );
    expect(deepEquals(new Map([[1, 2]]), new Map([[1, 2]]))).toBe(false);
  });

  it('leaves out a React element’s owner, and follows circular references without end', () => {
    const owner = (name: string) => ({ name, self: {} });
    expect(
      deepEquals(
        { $$typeof: 'element', props: { a: 1 }, _owner: owner('a') },
        { $$typeof: 'element', props: { a: 1 }, _owner: owner('b') },
      ),
    ).toBe(true);
    expect(deepEquals({ props: { a: 1 }, _owner: owner('a') }, { props: { a: 1 }, _owner: owner('b') })).toBe(false);
    const a: Record<string, unknown> = { x: 1 };
    a.self = a;
    const b: Record<string, unknown> = { x: 1 };
    b.self = b;
    expect(deepEquals(a, b)).toBe(true);
    const c: Record<string, unknown> = { x: 2 };
    c.self = c;
    expect(deepEquals(a, c)).toBe(false);
  });
});

describe('rjsf’s deepEquals in the tests and the browser', () => {
  it('is this one (vite.config.ts, vitest.config.ts)', async () => {
    const rjsf = await import('@rjsf/utils');
    expect(rjsf.deepEquals).toBe(deepEquals);
  });
});
