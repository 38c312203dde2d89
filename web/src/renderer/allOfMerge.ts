type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

/**
 * Stands in for @rjsf/utils' shallow `allOf` merge in the browser build (vite.config.ts), as
 * uriResolver does for fast-uri: rjsf merges a schema's `allOf` with @x0k/json-schema-merge (about
 * 4 KB gzip of the questionnaire's code), and the sections the renderer gives it hold no `allOf`
 * (QuestionnaireForm leaves out the only one, the exclusive boxes, which the validator checks;
 * allOfMerge.test.ts). If one ever came: each member's keywords over the parent's, their
 * properties and required fields joined, which is what a shallow merge of our shapes gives.
 */
export default function allOfMerge(schema: Schema): Schema {
  const { allOf, ...parent } = schema;
  if (!Array.isArray(allOf)) return schema;
  const merged: Schema = { ...parent };
  for (const member of allOf.filter(isSchema)) {
    const properties = { ...(merged.properties as Schema | undefined), ...(member.properties as Schema | undefined) };
    const required = [
      ...new Set([
        ...((merged.required as string[] | undefined) ?? []),
        ...((member.required as string[] | undefined) ?? []),
      ]),
    ];
    Object.assign(merged, member, { properties, required });
  }
  if (Object.keys(merged.properties as Schema).length === 0) delete merged.properties;
  if ((merged.required as string[]).length === 0) delete merged.required;
  return merged;
}
