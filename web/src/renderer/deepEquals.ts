// @rjsf/utils' deepEquals without fast-equals (vite.config.ts puts it in place of rjsf's own, for
// rjsf's imports only): the same answers on what rjsf compares (its props, schemas, form data,
// errors, registry), in a tenth of the bytes. As rjsf's: any two functions are equal, numbers are
// compared with Object.is, objects of different constructors differ, React's `_owner` of an
// element is left out, and an object met again along the way (a circular reference) is equal
// only to the same partner. Maps, sets and other built-in kinds rjsf never holds there differ
// unless they are the same object: rjsf then does its work again, it never keeps a stale state.

const { keys } = Object;
const { propertyIsEnumerable, toString } = Object.prototype;

/** Objects being compared, each to its partner (a circular reference meets them again). */
type Pairs = WeakMap<object, object>;

function equalObjects(a: Record<string, unknown>, b: Record<string, unknown>, pairs: Pairs): boolean {
  const names = keys(a);
  if (names.length !== keys(b).length) return false;
  const element = Boolean(a.$$typeof ?? b.$$typeof);
  return names.every(
    (name) => (element && name === '_owner') || (propertyIsEnumerable.call(b, name) && equal(a[name], b[name], pairs)),
  );
}

function equalContents(a: object, b: object, pairs: Pairs): boolean {
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => equal(item, other[i], pairs));
  }
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime());
  if (a instanceof RegExp) return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
  // Plain objects, null-prototype ones and class instances (rjsf's schema tools): their own
  // enumerable properties.
  const constructor: unknown = a.constructor;
  if (constructor === Object || constructor == null || toString.call(a) === '[object Object]')
    return equalObjects(a as Record<string, unknown>, b as Record<string, unknown>, pairs);
  return false;
}

function equal(a: unknown, b: unknown, pairs: Pairs): boolean {
  if (a === b) return true;
  if (a == null || b == null) return false;
  const type = typeof a;
  if (type !== typeof b) return false;
  if (type === 'function') return true;
  if (type === 'number' || type === 'bigint') return Object.is(a, b);
  if (type !== 'object') return false;
  const x = a as object;
  const y = b as object;
  if (x.constructor !== y.constructor) return false;
  const partnerOfX = pairs.get(x);
  const partnerOfY = pairs.get(y);
  if (partnerOfX && partnerOfY) return partnerOfX === y && partnerOfY === x;
  pairs.set(x, y);
  pairs.set(y, x);
  const result = equalContents(x, y, pairs);
  pairs.delete(x);
  pairs.delete(y);
  return result;
}

/** Whether `a` and `b` are deeply equal, as @rjsf/utils' deepEquals says. */
export default function deepEquals(a: unknown, b: unknown): boolean {
  return equal(a, b, new WeakMap());
}
