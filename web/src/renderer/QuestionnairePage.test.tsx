import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { validateWith, type Answers, type SectionAnswers, type ValidatorFunction } from '@bilan/engine';
import { ActionError } from '../ui/ActionError';
import { QuestionnairePage } from './QuestionnairePage';
import { testDefinition } from '../test/testDefinition';

function page(route: string) {
  const found = testDefinition.pages.find((p) => p.route === route);
  if (!found) throw new Error(route);
  return found;
}

function renderPage(route: string, answers: Answers = {}, validate?: ValidatorFunction) {
  const saved: SectionAnswers[] = [];
  const onNext = vi.fn(async (section: SectionAnswers) => {
    saved.push(section);
  });
  render(
    <QuestionnairePage
      definition={testDefinition}
      page={page(route)}
      answers={answers}
      onNext={onNext}
      validate={validate}
    />,
  );
  return { saved, onNext };
}

describe('QuestionnairePage', () => {
  it('clears a radio answer when its chosen option is clicked again', async () => {
    const user = userEvent.setup();
    const { saved } = renderPage('general');
    const homme = screen.getByRole('radio', { name: 'Homme' });
    await user.click(homme);
    expect(homme).toBeChecked();
    await user.click(homme);
    expect(homme).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(saved).toEqual([{}]);
  });

  it('keeps a radio answer on Space, and clears it with "Effacer ma réponse"', async () => {
    const user = userEvent.setup();
    const { saved } = renderPage('general');
    const femme = screen.getByRole('radio', { name: 'Femme' });
    await user.click(femme);
    expect(femme).toHaveFocus();
    await user.keyboard(' ');
    expect(femme).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Effacer ma réponse' }));
    expect(femme).not.toBeChecked();
    await user.click(femme);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(saved).toEqual([{ gender: 'Femme' }]);
  });

  it('puts radio groups and checkbox groups in fieldsets named by their question', () => {
    renderPage('general');
    expect(screen.getByRole('group', { name: 'Vous êtes :' })).toBeInTheDocument();
    const boxes = screen.getByRole('group', { name: 'Avez-vous une de ces maladies ?' });
    expect(
      within(boxes)
        .getAllByRole('checkbox')
        .map((b) => b.getAttribute('name')),
    ).toEqual(['general_diabete', 'general_autres']);
  });

  it('shows otherDisease once autres is ticked and drops its answer when autres is unticked', async () => {
    const user = userEvent.setup();
    const { saved } = renderPage('general');
    expect(screen.queryByRole('textbox', { name: 'Précisez :' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Autres' }));
    await user.type(screen.getByRole('textbox', { name: 'Précisez :' }), 'Asthme');
    await user.click(screen.getByRole('checkbox', { name: 'Diabète' }));
    await user.click(screen.getByRole('checkbox', { name: 'Autres' }));
    expect(screen.queryByRole('textbox', { name: 'Précisez :' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(saved).toEqual([{ diabete: true }]);
  });

  it('shows the 3919 notice as an alert while violence is answered Oui', async () => {
    const user = userEvent.setup();
    renderPage('general');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Oui' }));
    expect(screen.getByRole('alert')).toHaveTextContent('3919');
    await user.click(screen.getByRole('radio', { name: 'Oui' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces the progress of the page, the review counted as the last step', () => {
    renderPage('body');
    const bar = screen.getByRole('progressbar', { name: 'Étape 2 sur 5 — 40\u00a0%' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('gives numbers their minimum and step and stores them with the computed BMI flags', async () => {
    const user = userEvent.setup();
    const { saved } = renderPage('body');
    const height = screen.getByRole('spinbutton', { name: 'Votre taille (cm)' });
    expect(height).toHaveAttribute('min', '0');
    expect(height).toHaveAttribute('step', '0.01');
    await user.type(height, '170');
    await user.type(screen.getByRole('spinbutton', { name: 'Votre poids (kg)' }), '90');
    expect(screen.getByRole('note')).toHaveTextContent('Votre IMC est élevé.');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(saved).toEqual([{ height: 170, weight: 90, imcBas: false, imcHaut: true }]);
  });

  it('refuses a negative height with a French message and does not save', async () => {
    const user = userEvent.setup();
    // Stands for the codegen validator of this section: same shape as an ajv standalone function.
    const validate: ValidatorFunction = Object.assign(
      (data: unknown) => {
        const height = (data as { height?: number }).height;
        const ok = height === undefined || height >= 0;
        validate.errors = ok ? null : [{ instancePath: '/height', keyword: 'minimum', params: { limit: 0 } }];
        return ok;
      },
      { errors: null },
    );
    const { onNext } = renderPage('body', {}, validate);
    const height = screen.getByRole('spinbutton', { name: 'Votre taille (cm)' });
    await user.type(height, '-5');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(onNext).not.toHaveBeenCalled();
    expect(height).toHaveAccessibleDescription('Veuillez saisir une valeur supérieure ou égale à 0 cm.');
    expect(height).toHaveAttribute('aria-invalid', 'true');
    // The server words the same refusal with the same sentence.
    expect(validateWith(validate, { height: -5 }, 'body', testDefinition).details.map((d) => d.message)).toEqual([
      'Veuillez saisir une valeur supérieure ou égale à 0 cm.',
    ]);
  });

  it('gives a multi-line text its rows, restores saved answers and focuses the heading', () => {
    renderPage('habits', { habits: { comments: 'Je dors peu' } });
    const box = screen.getByRole('textbox', { name: 'Vos remarques' });
    expect(box).toHaveAttribute('rows', '5');
    expect(box).toHaveValue('Je dors peu');
    expect(screen.getByRole('heading', { level: 1, name: 'Vos habitudes' })).toHaveFocus();
    expect(
      screen.getByText('Attention : si vous rechargez la page, toutes les données seront perdues.'),
    ).toBeInTheDocument();
  });

  it('has "Suivant ➡" on every page, the last one too: the review page comes next (D26)', () => {
    renderPage('end');
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Envoyer/ })).not.toBeInTheDocument();
  });

  it('offers "Précédent" when the flow gives it, with what the page shows', async () => {
    const user = userEvent.setup();
    const onPrevious = vi.fn();
    render(
      <QuestionnairePage
        definition={testDefinition}
        page={page('general')}
        answers={{}}
        onNext={async () => undefined}
        onPrevious={onPrevious}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Femme' }));
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(onPrevious).toHaveBeenCalledWith({ gender: 'Femme' });
  });

  it('does not draw the page busy for a Suivant that ends at once (the next page comes first)', async () => {
    const user = userEvent.setup();
    const { onNext } = renderPage('general');
    const button = screen.getByRole('button', { name: 'Suivant' });
    const changes: (string | null)[] = [];
    new MutationObserver((records) => records.forEach((r) => changes.push(r.attributeName))).observe(button, {
      attributes: true,
      attributeFilter: ['disabled', 'aria-busy'],
    });
    await user.click(button);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(changes).toEqual([]);
  });

  it('shows a failure beside the buttons with "Réessayer", keeping the answers; busy, the button keeps its label', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    let release: () => void = () => undefined;
    const onNext = vi.fn(async () => {
      attempts += 1;
      if (attempts === 1) throw new ActionError('Pas de réseau : réessayez.', true);
      await new Promise<void>((resolve) => (release = resolve));
    });
    render(
      <QuestionnairePage
        definition={testDefinition}
        page={page('general')}
        answers={{}}
        onNext={onNext}
        actionsNote={<span>Enregistrement…</span>}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Femme' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pas de réseau : réessayez.');
    expect(screen.getByRole('radio', { name: 'Femme' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    // Busy once the action lasts.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled());
    expect(screen.getByText('Enregistrement…')).toBeInTheDocument();
    expect(onNext).toHaveBeenLastCalledWith({ gender: 'Femme' });
    release();
    expect(await screen.findByRole('button', { name: 'Suivant' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
