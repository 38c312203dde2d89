import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Answers, ValidatorFunction } from '@bilan/engine';
import { handMadeDefinition } from '../test/handMadeDefinition';
import { markArrivingByButton } from './afterHeading';
import { QuestionnairePage } from './QuestionnairePage';

/** A number question of the long page: « Mesure n », in cm. */
const measure = (n: number) => ({
  kind: 'number' as const,
  key: `q${n}`,
  label: `Mesure ${n}`,
  unit: 'cm',
  min: 0,
  step: 1,
});

// A long page (seven questions, one shown only after an answer) as the real ones are: a phone's
// screen holds its heading and first questions, the others are below.
const definition = handMadeDefinition('bilan-webfirstitems', '45to50', [
  {
    route: 'mesures',
    section: 'mesures',
    title: 'Vos mesures',
    progress: 80,
    last: true,
    items: [
      { kind: 'heading', key: 'first', text: 'Les premières' },
      ...[1, 2, 3, 4].map(measure),
      { kind: 'heading', key: 'later', text: 'Les suivantes' },
      ...[5, 6, 7].map(measure),
      {
        kind: 'single',
        key: 'why',
        label: 'Pourquoi si grand ?',
        options: ['Je ne sais pas'],
        visibleWhen: { type: 'equals', field: 'q7', value: 300 },
      },
    ],
  },
]);
const page = definition.pages[0]!;

// Stands for the codegen validator of this section: refuses a negative sixth measure.
const validate: ValidatorFunction = Object.assign(
  (data: unknown) => {
    const ok = ((data as { q6?: number }).q6 ?? 0) >= 0;
    validate.errors = ok ? null : [{ instancePath: '/q6', keyword: 'minimum', params: { limit: 0 } }];
    return ok;
  },
  { errors: null },
);

function renderPage(answers: Answers = {}) {
  const onNext = vi.fn(() => Promise.resolve());
  render(
    <QuestionnairePage definition={definition} page={page} answers={answers} validate={validate} onNext={onNext} />,
  );
  return { onNext };
}

const fields = () => screen.getAllByRole('spinbutton').map((field) => field.getAttribute('id'));

describe('QuestionnairePage reached with « Suivant »: the first questions with the heading, the others the frame after', () => {
  it('draws the heading and the first four questions at once, then the rest of the page', async () => {
    markArrivingByButton();
    renderPage({ mesures: { q7: 300 } });
    expect(screen.getByRole('heading', { level: 1, name: 'Vos mesures' })).toHaveFocus();
    expect(fields()).toEqual(['mesures_q1', 'mesures_q2', 'mesures_q3', 'mesures_q4']);
    // A heading over questions not drawn yet waits for them.
    expect(screen.queryByRole('heading', { level: 2, name: 'Les suivantes' })).not.toBeInTheDocument();
    await waitFor(() => expect(fields()).toHaveLength(7));
    expect(screen.getByRole('heading', { level: 2, name: 'Les suivantes' })).toBeInTheDocument();
    // The live conditions hold for the questions drawn later.
    expect(screen.getByRole('group', { name: 'Pourquoi si grand ?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Vos mesures' })).toHaveFocus();
  });

  it('opened from its address, draws the whole page at once', () => {
    renderPage();
    expect(fields()).toHaveLength(7);
  });

  it('checks the whole page on « Suivant » pressed before the rest is drawn, and focuses a later question in error', () => {
    markArrivingByButton();
    const { onNext } = renderPage({ mesures: { q1: 170, q6: -4 } });
    expect(fields()).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(onNext).not.toHaveBeenCalled();
    const q6 = screen.getByRole('spinbutton', { name: 'Mesure 6 (cm)' });
    expect(q6).toHaveFocus();
    expect(q6).toHaveAttribute('aria-invalid', 'true');
    expect(fields()).toHaveLength(7);
  });
});
