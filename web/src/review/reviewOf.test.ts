import { describe, expect, it } from 'vitest';
import { testDefinition } from '../test/testDefinition';
import { reviewOf } from './reviewOf';

const date = new Date('2026-03-15T11:00:00Z');
const sections = testDefinition.pages.map((p) => p.section);

describe('reviewOf', () => {
  it('reads the pages through the record layer and counts the unanswered questions', () => {
    const review = reviewOf(testDefinition, { general: { gender: 'Femme' } }, {}, sections, date);
    expect(review.pages.map((p) => p.page.section)).toEqual(sections);
    const general = review.pages[0];
    expect(general?.page.lines.find((l) => l.key === 'gender')?.answer).toBe('Femme');
    expect(review.answered).toBe(1);
    expect(review.questions - review.answered).toBe(review.pages.reduce((n, p) => n + p.unanswered, 0));
    expect(review.complete).toBe(true);
  });

  it('names the pages never validated (D14) and the drafts that differ from what is saved', () => {
    const review = reviewOf(
      testDefinition,
      { general: { gender: 'Femme' } },
      { general: { gender: 'Homme' } },
      ['general'],
      date,
    );
    expect(review.complete).toBe(false);
    expect(review.missingSections).toEqual(sections.filter((s) => s !== 'general'));
    expect(review.pages[0]).toMatchObject({ saved: true, unsavedChanges: true });
    const same = reviewOf(
      testDefinition,
      { general: { gender: 'Femme' } },
      { general: { gender: 'Femme', diabete: false } },
      ['general'],
      date,
    );
    expect(same.pages[0]?.unsavedChanges).toBe(false);
  });
});
