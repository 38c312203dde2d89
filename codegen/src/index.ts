// Node-side tooling over the definitions: what `pnpm codegen` and `pnpm definitions:*` run.
export { definitionsCheck } from './definitionsCheck';
export { definitionsDirFrom, defaultDefinitionsDir, discoverDefinitionFiles } from './definitionsRoot';
export { generate } from './generate';
export type { GeneratedFiles } from './generatedFiles';
export { loadDefinitions, type LoadedDefinition, type LoadResult } from './loadDefinitions';
export { formatProblem, type Problem } from './messages/problem';
export { staleFiles } from './staleFiles';
export { versionDiff, type VersionDiff } from './versionDiff';
export { createDraft } from './draft';
export { publish } from './publish';
