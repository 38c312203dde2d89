import { definitionRef } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';

/**
 * The route of a version's first page (`<id>@<version>`): the page whose words a patient's first
 * question waits for in their language (firstLoad.ts). Apart from firstLoad.ts, which the build's
 * own configuration loads, where the workspace's TypeScript packages cannot be imported.
 */
export function firstPage(ref: string): string | undefined {
  return definitions.find((d) => definitionRef(d) === ref)?.pages[0]?.route;
}
