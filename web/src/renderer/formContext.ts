import type { Answers, Definition, ResolvedPage } from '@bilan/engine';

/** What our templates need besides the schema: the page being walked and the answers that drive visibility. */
export interface RendererContext {
  definition: Definition;
  page: ResolvedPage;
  /** Other sections' answers plus this page's current answers. */
  answers: Answers;
}
