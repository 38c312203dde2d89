import type { Answers, Definition, ResolvedPage } from './definition';

/** The page shown at a route segment, e.g. "health-history". */
export function pageByRoute(definition: Definition, route: string): ResolvedPage | undefined {
  return definition.pages.find((p) => p.route === route);
}

/** The page whose answers are stored under a section key. */
export function pageBySection(definition: Definition, section: string): ResolvedPage | undefined {
  return definition.pages.find((p) => p.section === section);
}

/**
 * Pages in flow order. Every page of the current format is always shown; the answers are an
 * argument so that page conditions can be added without changing callers.
 */
export function visiblePages(definition: Definition, _answers: Answers): ResolvedPage[] {
  return [...definition.pages];
}

/** The page after `route`, or null after the last page (then the finishing call runs). */
export function nextPage(definition: Definition, route: string, answers: Answers): ResolvedPage | null {
  const pages = visiblePages(definition, answers);
  const index = pages.findIndex((p) => p.route === route);
  if (index < 0) throw new Error(`unknown route "${route}" in ${definition.id}@${definition.version}`);
  return pages[index + 1] ?? null;
}

/** The page before `route`, or null on the first page. */
export function previousPage(definition: Definition, route: string, answers: Answers): ResolvedPage | null {
  const pages = visiblePages(definition, answers);
  const index = pages.findIndex((p) => p.route === route);
  if (index < 0) throw new Error(`unknown route "${route}" in ${definition.id}@${definition.version}`);
  return index === 0 ? null : (pages[index - 1] ?? null);
}

/** Percent shown by the progress bar on a page (20, 40, 60, 80 in the four bands). */
export function progressOf(definition: Definition, route: string): number {
  const page = pageByRoute(definition, route);
  if (!page) throw new Error(`unknown route "${route}" in ${definition.id}@${definition.version}`);
  return page.progress;
}
