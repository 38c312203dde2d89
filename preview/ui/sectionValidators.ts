import Ajv from 'ajv';
import { sectionSchema, type Definition, type ValidatorFunction } from '@bilan/engine';

const compiled = new WeakMap<Definition, Map<string, ValidatorFunction>>();

/**
 * A section's validator compiled here, from the same schema codegen precompiles for the site
 * (the engine's sectionSchema): a draft has no generated validators, and the preview must refuse
 * what the site will refuse once it is published.
 */
export function sectionValidator(definition: Definition, section: string): ValidatorFunction {
  let byDefinition = compiled.get(definition);
  if (!byDefinition) compiled.set(definition, (byDefinition = new Map()));
  let validate = byDefinition.get(section);
  if (!validate) {
    validate = new Ajv({ allErrors: true, messages: false }).compile(sectionSchema(definition, section));
    byDefinition.set(section, validate);
  }
  return validate;
}
