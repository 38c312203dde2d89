// The condition trees of the definitions (visibility, report rules), derived from the schema
// (definitionTypes.generated.ts): their own module, so that the definition's shape and the
// report's shape both use them without importing each other. A report rule's condition may name
// derived facts ($age…) too; a visibility condition (`VisibilityCondition`) is one of them.
export type { Condition } from './definitionTypes.generated';
