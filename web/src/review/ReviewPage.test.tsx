import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registry } from '../test/registry';
import { markArrivingByButton } from '../renderer/afterHeading';
import { renderRoutes } from '../test/renderRoutes';
import { ReviewPage } from './ReviewPage';

const definition = registry.latest('18to25');

function renderReview(onSend: () => Promise<void>) {
  const sections = definition.pages.map((p) => p.section);
  const answers = { generalQuestions: { gender: 'female' } };
  renderRoutes(
    [
      {
        path: '/revue',
        Component: () => (
          <ReviewPage
            definition={definition}
            answers={answers}
            drafts={{}}
            savedSections={sections}
            pageHref={(route) => `/${route}`}
            intro={<p>Intro</p>}
            onSend={onSend}
          />
        ),
      },
    ],
    ['/revue'],
  );
}

describe('ReviewPage', () => {
  it('sends when « Envoyer mes réponses » is pressed before the answers are drawn: the button is never dead', () => {
    const onSend = vi.fn(() => Promise.resolve());
    // Reached with « Suivant »: the answers come a frame after the heading.
    markArrivingByButton();
    renderReview(onSend);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de vos réponses…');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
