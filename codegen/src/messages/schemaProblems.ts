import type { ErrorObject } from 'ajv';
import { closestName } from '@bilan/engine';
import type { JsonSource } from './jsonSource';
import { subjectAt, type Problem } from './problem';

type Schema = Record<string, unknown>;

const quoted = (text: unknown) => `«\u00a0${String(text)}\u00a0»`;
const suggest = (meant: string | undefined) => (meant ? `\u00a0; vouliez-vous dire ${meant}\u00a0?` : '');

/** What the schema's patterns mean, said to an editor. */
const PATTERN_WORDS: Record<string, string> = {
  '^[A-Za-z_][A-Za-z0-9_]*$': 'une clé s’écrit en lettres sans accent, chiffres et _, sans espace',
  '^\\$?[A-Za-z_][A-Za-z0-9_]*$': 'une clé s’écrit en lettres sans accent, chiffres et _, sans espace',
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'en minuscules sans accent, chiffres et tirets, comme health-history',
  '^[a-z0-9][a-z0-9-]*$': 'en minuscules sans accent, chiffres et tirets, comme bilan-18to25',
  '^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$': 'une version s’écrit comme 1.3.0',
  '^https://': 'une adresse commence par https://',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'un texte entre guillemets',
  number: 'un nombre',
  integer: 'un nombre entier',
  boolean: 'true ou false',
  object: 'un objet { … }',
  array: 'une liste [ … ]',
};

function typeWord(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(' ou ');
}

/** The kinds (or condition types) a discriminated `oneOf` accepts, its branches' constants. */
function tagValues(parent: Schema, tag: string, schemas: readonly Schema[]): string[] {
  const resolve = (branch: Schema): Schema | undefined => {
    const ref = branch.$ref;
    if (typeof ref !== 'string') return branch;
    const name = ref.replace(/^#\/definitions\//, '');
    for (const schema of schemas) {
      const found = (schema.definitions as Record<string, Schema> | undefined)?.[name];
      if (found) return found;
    }
    return undefined;
  };
  return ((parent.oneOf as Schema[] | undefined) ?? []).flatMap((branch) => {
    const property = (resolve(branch)?.properties as Record<string, Schema> | undefined)?.[tag];
    return property?.const !== undefined ? [String(property.const)] : [];
  });
}

/** A schema, or the one its `$ref` names among the schemas' definitions. */
function resolved(schema: Schema, schemas: readonly Schema[]): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const name = schema.$ref.replace(/^#\/definitions\//, '');
  for (const candidate of schemas) {
    const found = (candidate.definitions as Record<string, Schema> | undefined)?.[name];
    if (found) return found;
  }
  return schema;
}

/**
 * The schema type a `oneOf` branch expects (the branches of `options`: answer strings, coded
 * answers, or a vocabulary's name); a list says the type of its items too, `array:string` or
 * `array:object`.
 */
function branchType(branch: Schema, schemas: readonly Schema[]): unknown {
  const schema = resolved(branch, schemas);
  if (schema.type !== 'array' || typeof schema.items !== 'object' || schema.items === null) return schema.type;
  return `array:${String(resolved(schema.items as Schema, schemas).type)}`;
}

/** The type of the data, in branchType's terms: a list of answers is coded once any of them is an object. */
function dataType(data: unknown): string {
  if (!Array.isArray(data)) return data === null ? 'null' : typeof data;
  return data.some((item) => typeof item === 'object' && item !== null) ? 'array:object' : 'array:string';
}

const sameType = (type: unknown, data: string) =>
  type === data || type === data.split(':')[0] || (Array.isArray(type) && type.includes(data.split(':')[0]));

/**
 * A `oneOf` without a discriminator (the answer strings: a list, or a vocabulary's name) reports
 * the errors of every branch: keep only the branch the data's type chose, so one mistake reads as
 * one line. Returns the errors to read and, when no branch has the data's type, one error of its own.
 */
function withoutOtherBranches(errors: ErrorObject[], schemas: readonly Schema[]): ErrorObject[] {
  let kept = errors;
  for (const error of errors) {
    if (error.keyword !== 'oneOf') continue;
    const branches = (error.parentSchema?.oneOf as Schema[] | undefined) ?? [];
    const chosen = branches.findIndex((b) => sameType(branchType(b, schemas), dataType(error.data)));
    const prefix = `${error.schemaPath}/`;
    kept = kept.filter(
      (e) =>
        e === error ||
        !e.schemaPath.startsWith(prefix) ||
        (chosen >= 0 && e.schemaPath.startsWith(`${prefix}${chosen}/`)),
    );
    if (chosen >= 0) kept = kept.filter((e) => e !== error);
  }
  return kept;
}

/**
 * The meta-schema's verdict on one definition file, as problems an editor can act on: one per
 * mistake, at its line and column, about its question or rule, in French, with the name it most
 * likely meant for a misspelt property or kind. `kind` (and a condition's `type`) discriminate
 * the schema's `oneOf`, so a mistake in a question is not reported once per kind of question.
 */
export function schemaProblems(
  errors: readonly ErrorObject[],
  source: JsonSource,
  file: string,
  schemas: readonly Schema[],
): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const read = withoutOtherBranches([...errors], schemas);
  // A misspelt property is both "unknown" and, often, "the right one missing": one line.
  const misspelt = new Map<string, string>();
  for (const error of read) {
    if (error.keyword !== 'additionalProperties') continue;
    const extra = String(error.params.additionalProperty);
    const allowed = Object.keys((error.parentSchema?.properties as Schema | undefined) ?? {});
    const meant = closestName(extra, allowed);
    if (meant) misspelt.set(`${error.instancePath} ${meant}`, extra);
  }
  const add = (pointer: string, message: string, position = source.positionOf(pointer)) => {
    const line = `${position.line}:${position.column} ${message}`;
    if (seen.has(line)) return;
    seen.add(line);
    const subject = subjectAt(source.value, pointer);
    problems.push({ file, position, ...(subject ? { subject } : {}), message });
  };
  for (const error of read) {
    const at = error.instancePath;
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'additionalProperties': {
        const extra = String(params.additionalProperty);
        const allowed = Object.keys((error.parentSchema?.properties as Schema | undefined) ?? {});
        add(
          at,
          `propriété ${extra} inconnue${suggest(closestName(extra, allowed))}`,
          source.propertyPositionOf(at, extra),
        );
        break;
      }
      case 'required': {
        const missing = String(params.missingProperty);
        if (!misspelt.has(`${at} ${missing}`)) add(at, `propriété ${missing} manquante`);
        break;
      }
      case 'discriminator': {
        const tag = String(params.tag);
        const values = error.parentSchema ? tagValues(error.parentSchema, tag, schemas) : [];
        if (params.error === 'mapping') {
          const given = String(params.tagValue);
          add(
            `${at}/${tag}`,
            `${tag} ${quoted(given)} inconnu (${values.join(', ')})${suggest(closestName(given, values))}`,
          );
        } else add(at, `propriété ${tag} manquante (${values.join(', ')})`);
        break;
      }
      case 'enum':
      case 'const': {
        const allowed = (error.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue]).map(
          String,
        );
        const given = String(error.data);
        add(at, `${quoted(given)} n’est pas permis (${allowed.join(', ')})${suggest(closestName(given, allowed))}`);
        break;
      }
      case 'type':
        add(at, `doit être ${typeWord(params.type)}`);
        break;
      case 'pattern': {
        const why = PATTERN_WORDS[String(params.pattern)];
        add(
          at,
          `${quoted(error.data)} mal écrit${why ? `\u00a0: ${why}` : ` (forme attendue\u00a0: ${String(params.pattern)})`}`,
        );
        break;
      }
      case 'minLength':
        add(at, 'texte vide');
        break;
      case 'minItems':
        add(at, `liste trop courte (au moins ${String(params.limit)})`);
        break;
      case 'maxItems':
        add(at, `liste trop longue (au plus ${String(params.limit)})`);
        break;
      case 'uniqueItems': {
        const list = Array.isArray(error.data) ? error.data : [];
        const [i, j] = [Number(params.j), Number(params.i)];
        add(`${at}/${j}`, `${quoted(list[j])} en double (positions ${i + 1} et ${j + 1} de la liste)`);
        break;
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum': {
        const sign = { minimum: '≥', maximum: '≤', exclusiveMinimum: '>', exclusiveMaximum: '<' }[error.keyword];
        add(at, `doit être ${sign} ${String(params.limit)}`);
        break;
      }
      case 'oneOf':
        add(at, 'ni une liste de réponses ni un vocabulaire { "vocabulary": "…" }');
        break;
      default:
        add(at, error.message ?? error.keyword);
    }
  }
  return problems;
}
