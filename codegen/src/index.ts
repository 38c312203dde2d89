// Node-side tooling over the definitions: what `pnpm codegen` and `pnpm definitions:check` run.
export { definitionsCheck } from './definitionsCheck';
export { generate } from './generate';
export type { GeneratedFiles } from './generatedFiles';
export { loadDefinitions, formatProblem, type LoadedDefinition, type Problem } from './loadDefinitions';
export { staleFiles } from './staleFiles';
