// fast-check generators of answer sets for a definition, for property tests of every layer:
// each stored field gets a valid value, a blank (null or ""), or nothing; sometimes junk keys.
import fc from 'fast-check';
import type { AnswerValue, Answers, Definition } from '../definition';
import { exclusivePairsOf } from '../exclusiveOptions';
import { fieldsOf, type FieldInfo } from '../fieldsOf';

function validValue(info: FieldInfo): fc.Arbitrary<AnswerValue> {
  const item = info.item;
  switch (info.kind) {
    case 'single':
      return fc.constantFrom(...(info.options ?? ['']));
    case 'box':
    case 'bmiFlag':
      return fc.boolean();
    case 'number': {
      const min = 'min' in item ? item.min : 0;
      const max = 'max' in item && item.max !== undefined ? item.max : min + 300;
      return 'integer' in item && item.integer
        ? fc.integer({ min, max })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'checkedList':
      return fc.subarray(info.options ?? []);
    default:
      return fc.string({ minLength: 1, maxLength: 40 });
  }
}

/** Unticks an exclusive box ticked with a box it excludes, as the browser would (D25). */
function withoutContradictions(definition: Definition, answers: Answers): Answers {
  for (const page of definition.pages) {
    const section = answers[page.section];
    if (!section) continue;
    for (const item of page.items) {
      if (item.kind !== 'checkboxes') continue;
      for (const { box, excludes } of exclusivePairsOf(item)) {
        if (section[box] === true && excludes.some((other) => section[other] === true)) section[box] = false;
      }
    }
  }
  return answers;
}

/**
 * Answer sets whose values are all of the right type and among the answer strings, in the
 * declared ranges, without an exclusive box ticked beside a box it excludes.
 */
export function arbitraryAnswers(definition: Definition, options: { junk?: boolean } = {}): fc.Arbitrary<Answers> {
  const fields = [...fieldsOf(definition).values()];
  const field = (info: FieldInfo) =>
    fc.option(
      fc.oneof(
        { weight: 6, arbitrary: validValue(info) },
        { weight: 1, arbitrary: fc.constantFrom<AnswerValue | null>(null, '') },
      ),
      { nil: undefined },
    );
  const sections = definition.pages.map((page) => {
    const entries = fields.filter((f) => f.section === page.section).map((f) => [f.key, field(f)] as const);
    const record = fc
      .record(Object.fromEntries(entries))
      .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
    const withJunk = options.junk
      ? fc
          .tuple(record, fc.dictionary(fc.constantFrom('zzUnknown', 'shoeSize', '__x'), fc.jsonValue(), { maxKeys: 2 }))
          .map(([r, j]) => ({ ...j, ...r }))
      : record;
    return [page.section, fc.option(withJunk, { nil: undefined })] as const;
  });
  return fc
    .record(Object.fromEntries(sections))
    .map((r) =>
      withoutContradictions(
        definition,
        Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Answers,
      ),
    );
}
