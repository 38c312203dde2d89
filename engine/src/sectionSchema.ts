import type { CheckboxGroupQuestion, ComputedField, Definition, ResolvedPage, ResolvedQuestion } from './definition';
import { exclusivePairsOf } from './exclusiveOptions';
import { pageBySection } from './pageFlow';
import { isQuestion } from './pageParts';

/** The subset of JSON Schema (draft-07) the engine derives. */
export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $comment?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array';
  enum?: string[];
  const?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: JsonSchema;
  uniqueItems?: boolean;
  additionalProperties?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  definitions?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  not?: JsonSchema;
  if?: JsonSchema;
  then?: JsonSchema;
}

/** Free text without a declared limit still has one, so no client can store a novel. */
export const DEFAULT_TEXT_MAX_LENGTH = 500;
export const DEFAULT_TEXTAREA_MAX_LENGTH = 2000;

/** The French question text as title (rjsf and the generated types show it), its help as description. */
function labelled(question: ResolvedQuestion, schema: JsonSchema): JsonSchema {
  return question.help
    ? { title: question.label, description: question.help, ...schema }
    : { title: question.label, ...schema };
}

function questionSchemas(question: ResolvedQuestion): Array<[string, JsonSchema]> {
  switch (question.kind) {
    case 'single':
      return [[question.key, labelled(question, { type: 'string', enum: [...question.options] })]];
    case 'checkboxes':
      return question.boxes.map((box) => [box.key, { title: box.label, type: 'boolean' }]);
    case 'number': {
      // No multipleOf: 0.1 steps would refuse 70.3 through float noise; the step is a UI hint.
      const schema: JsonSchema = labelled(question, {
        type: question.integer ? 'integer' : 'number',
        minimum: question.min,
      });
      if (question.max !== undefined) schema.maximum = question.max;
      return [[question.key, schema]];
    }
    case 'text':
      return [
        [
          question.key,
          labelled(question, { type: 'string', maxLength: question.maxLength ?? DEFAULT_TEXT_MAX_LENGTH }),
        ],
      ];
    case 'textarea':
      return [
        [
          question.key,
          labelled(question, { type: 'string', maxLength: question.maxLength ?? DEFAULT_TEXTAREA_MAX_LENGTH }),
        ],
      ];
  }
}

const ticked = (box: string): JsonSchema => ({ required: [box], properties: { [box]: { const: true } } });

/**
 * D25: an exclusive box may not be ticked while a box it excludes is. One `if`/`then` per
 * exclusive box: if any box it excludes is ticked, then it is not. The refusal names the
 * exclusive box (`not` at `/<box>`), whose own message says why (validationMessage).
 */
function exclusiveSchemas(group: CheckboxGroupQuestion): JsonSchema[] {
  return exclusivePairsOf(group).map(({ box, excludes }) => ({
    if: excludes.length === 1 ? ticked(excludes[0] as string) : { anyOf: excludes.map(ticked) },
    then: { properties: { [box]: { not: { const: true } } } },
  }));
}

function computedSchema(field: ComputedField): JsonSchema {
  if (field.kind === 'bmiFlag') return { title: field.label, type: 'boolean' };
  return { title: field.label, type: 'array', items: { type: 'string', enum: [...field.fields] }, uniqueItems: true };
}

/** `bilan-18to25@1.2.0`: `id@version`, the id of a definition version and of its answer-set schema. */
export function definitionRef(definition: Definition): string {
  return `${definition.id}@${definition.version}`;
}

function pageSchema(definition: Definition, page: ResolvedPage): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const constraints: JsonSchema[] = [];
  for (const item of page.items) {
    if (!isQuestion(item)) continue;
    for (const [key, schema] of questionSchemas(item)) properties[key] = schema;
    if (item.kind === 'checkboxes') constraints.push(...exclusiveSchemas(item));
  }
  for (const field of page.computed ?? []) properties[field.key] = computedSchema(field);
  return {
    $id: `${definitionRef(definition)}#/${page.section}`,
    title: page.title,
    type: 'object',
    additionalProperties: false,
    properties,
    ...(constraints.length > 0 ? { allOf: constraints } : {}),
  };
}

/**
 * JSON Schema of one section: every field optional (nothing is required, D14), no extra keys;
 * the exclusive boxes of its checkbox groups in `allOf` (the only keyword across fields).
 */
export function sectionSchema(definition: Definition, sectionKey: string): JsonSchema {
  const page = pageBySection(definition, sectionKey);
  if (!page) throw new Error(`unknown section "${sectionKey}" in ${definitionRef(definition)}`);
  return pageSchema(definition, page);
}

/** JSON Schema of a whole answer set: one optional property per section, sections in `definitions`. */
export function answerSetSchema(definition: Definition): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const definitions: Record<string, JsonSchema> = {};
  for (const page of definition.pages) {
    properties[page.section] = { $ref: `#/definitions/${page.section}` };
    definitions[page.section] = pageSchema(definition, page);
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: definitionRef(definition),
    title: definition.title,
    type: 'object',
    additionalProperties: false,
    properties,
    definitions,
  };
}
