import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LEVELS,
  THEMES,
  type BandCode,
  type ComputedField,
  type Condition,
  type PageItem,
  type VisibilityCondition,
} from '@bilan/engine';
import { DEFINITION_TYPES_FILE, definitionTypesFile } from './definitionTypes';
import { defaultDefinitionsDir, repoRoot } from './definitionsRoot';

type Schema = Record<string, unknown> & { definitions: Record<string, Schema> };
const read = (name: string) => JSON.parse(readFileSync(join(defaultDefinitionsDir, name), 'utf8')) as Schema;
const definitionSchema = read('definition.schema.json');
const assessmentSchema = read('assessment.schema.json');

/** The constants of a discriminated `oneOf`: each branch's (or its $ref's) `tag`. */
function tags(schema: Schema, name: string, tag: string): string[] {
  const branches = (schema.definitions[name]?.oneOf ?? []) as Schema[];
  return branches.map((branch) => {
    const resolved = typeof branch.$ref === 'string' ? schema.definitions[branch.$ref.split('/').at(-1) ?? ''] : branch;
    return String((resolved?.properties as Record<string, Schema> | undefined)?.[tag]?.const);
  });
}
const enumOf = (schema: Schema, name: string) => (schema.definitions[name]?.enum ?? []) as string[];

// Each list must name exactly the members of its type (`satisfies` refuses a missing or an extra
// one at compile time); the tests compare it with the schema at run time.
const ITEM_KINDS = {
  single: true,
  checkboxes: true,
  number: true,
  text: true,
  textarea: true,
  notice: true,
  heading: true,
} satisfies Record<PageItem['kind'], true>;
const CONDITION_TYPES = {
  checked: true,
  answered: true,
  equals: true,
  oneOf: true,
  compare: true,
  all: true,
  any: true,
  not: true,
} satisfies Record<Condition['type'] & VisibilityCondition['type'], true>;
const COMPUTED_KINDS = { bmiFlag: true, checkedList: true } satisfies Record<ComputedField['kind'], true>;
const BAND_CODES = { '18to25': true, '45to50': true, '60to65': true, '70to75': true } satisfies Record<BandCode, true>;

describe('the definition types, derived from the meta-schema (issue 32)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are what json-schema-to-typescript makes of the schema now (codegen --check says so too)', async () => {
    expect(readFileSync(join(repoRoot, DEFINITION_TYPES_FILE), 'utf8')).toBe(
      await definitionTypesFile(defaultDefinitionsDir),
    );
  });

  it('name the same kinds of item, conditions, computed fields, bands, themes and levels as the schema', () => {
    expect(Object.keys(ITEM_KINDS).sort()).toEqual(tags(definitionSchema, 'item', 'kind').sort());
    expect(Object.keys(CONDITION_TYPES).sort()).toEqual(tags(definitionSchema, 'condition', 'type').sort());
    expect(Object.keys(CONDITION_TYPES).sort()).toEqual(tags(assessmentSchema, 'condition', 'type').sort());
    expect(Object.keys(COMPUTED_KINDS).sort()).toEqual(tags(definitionSchema, 'computed', 'kind').sort());
    expect(Object.keys(BAND_CODES)).toEqual(enumOf(definitionSchema, 'bandCode'));
    expect([...THEMES]).toEqual(enumOf(assessmentSchema, 'theme'));
    expect([...LEVELS]).toEqual(enumOf(assessmentSchema, 'level'));
  });

  it('follow a change of the schema: a property added to a question is in the type', async () => {
    dir = mkdtempSync(join(tmpdir(), 'definition-types-'));
    cpSync(defaultDefinitionsDir, dir, { recursive: true });
    const changed = structuredClone(definitionSchema);
    const number = changed.definitions.number as Schema & { properties: Record<string, unknown> };
    number.properties.decimals = { type: 'integer', minimum: 0, description: 'Digits after the comma.' };
    writeFileSync(join(dir, 'definition.schema.json'), JSON.stringify(changed));
    const code = await definitionTypesFile(dir);
    expect(code).toMatch(/export interface NumberQuestion \{[^}]*decimals\?: number;/s);
    expect(await definitionTypesFile(defaultDefinitionsDir)).not.toContain('decimals');
  });
});
