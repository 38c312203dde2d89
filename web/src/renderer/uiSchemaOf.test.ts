// The browser build replaces rjsf's Markdown renderer by plain text (vite.config.ts,
// plainMarkdown.tsx): no page of any questionnaire version may ask rjsf for Markdown.
import { describe, expect, it } from 'vitest';
import { definitions } from '@bilan/generated/definitions';
import { uiSchemaOf } from './uiSchemaOf';

function markdownOptions(value: unknown, path: string): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(/markdown/i.test(key) ? [`${path}.${key}`] : []),
    ...markdownOptions(inner, `${path}.${key}`),
  ]);
}

describe('uiSchemaOf', () => {
  it('never enables Markdown, on any page of any questionnaire version', () => {
    const pages = definitions.flatMap((definition) => definition.pages.map((page) => ({ definition, page })));
    expect(pages.length).toBeGreaterThan(40);
    const found = pages.flatMap(({ definition, page }) =>
      markdownOptions(uiSchemaOf(definition, page), `${definition.id}@${definition.version}/${page.route}`),
    );
    expect(found).toEqual([]);
    // The search looks where such an option would be.
    expect(markdownOptions({ a: { 'ui:options': { enableMarkdownInDescription: true } } }, 'x')).toEqual([
      'x.a.ui:options.enableMarkdownInDescription',
    ]);
  });
});
