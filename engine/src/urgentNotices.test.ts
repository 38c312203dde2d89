import { describe, expect, it } from 'vitest';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';
import { urgentNotices } from './urgentNotices';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
function sectionOf(key: string): string {
  const page = definition.pages.find((p) => [...p.items, ...(p.computed ?? [])].some((i) => i.key === key));
  if (!page) throw new Error(key);
  return page.section;
}

describe('urgentNotices', () => {
  it('lists the urgent notices the answers brought up, every page together', () => {
    const answers = { [sectionOf('violence')]: { violence: 'Oui' } };
    expect(urgentNotices(definition, answers).map((n) => n.key)).toEqual(['violenceNotice']);
  });

  it('lists none for other answers, nor the notes (info) that the answers show', () => {
    expect(urgentNotices(definition, { [sectionOf('violence')]: { violence: 'Non' } })).toEqual([]);
    // The BMI note shows for these answers, but it is a note, not an urgent notice.
    expect(urgentNotices(definition, { [sectionOf('imcHaut')]: { imcHaut: true } })).toEqual([]);
  });
});
