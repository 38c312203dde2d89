import { Profiler, useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Definition, SectionAnswers } from '@bilan/engine';
import { handMadeDefinition } from '../test/handMadeDefinition';
import { registry } from '../test/registry';
import { loadSections, sectionValidate } from '../questionnaire/versions';
import { QuestionnaireForm } from './QuestionnaireForm';

// A page of every content rule of D25: headings, an exclusive box, a box and a question shown
// to some people only, a notice with phone numbers.
const definition = handMadeDefinition('bilan-webcontent', '45to50', [
  {
    route: 'general',
    section: 'general',
    title: 'Votre profil',
    progress: 80,
    last: true,
    items: [
      { kind: 'heading', key: 'aboutYou', text: 'Vous' },
      { kind: 'single', key: 'gender', label: 'Vous êtes :', options: ['Homme', 'Femme', 'Autre'] },
      {
        kind: 'single',
        key: 'menopause',
        label: 'Êtes-vous ménopausée ?',
        options: ['Oui', 'Non'],
        visibleWhen: { type: 'not', condition: { type: 'equals', field: 'gender', value: 'Homme' } },
      },
      {
        kind: 'heading',
        key: 'womenOnly',
        text: 'Dépistages',
        visibleWhen: { type: 'not', condition: { type: 'equals', field: 'gender', value: 'Homme' } },
      },
      {
        kind: 'checkboxes',
        key: 'diseases',
        label: 'Avez-vous une de ces maladies ?',
        boxes: [
          { key: 'diabete', label: 'Diabète' },
          { key: 'cancer', label: 'Cancer' },
          { key: 'aucune', label: 'Aucune de ces maladies' },
          {
            key: 'menopauseTopic',
            label: 'Mieux vivre la ménopause',
            visibleWhen: { type: 'not', condition: { type: 'equals', field: 'gender', value: 'Homme' } },
          },
        ],
        exclusive: [{ box: 'aucune', excludes: ['diabete', 'cancer'] }],
      },
      { kind: 'single', key: 'suicide', label: 'Avez-vous des idées noires ?', options: ['Oui', 'Non'] },
      {
        kind: 'notice',
        key: 'help',
        level: 'urgent',
        text: 'Appelez le 3114, ou le 15 en cas de danger.',
        phones: ['3114', '15'],
        visibleWhen: { type: 'equals', field: 'suicide', value: 'Oui' },
      },
      { kind: 'text', key: 'note', label: 'Une remarque ?' },
      { kind: 'number', key: 'age', label: 'Votre âge', unit: 'ans', min: 45, max: 50, step: 1 },
    ],
  },
]);

function Harness({
  def,
  section,
  initial,
  onSubmit,
}: {
  def: Definition;
  section: string;
  initial: SectionAnswers;
  onSubmit: (a: SectionAnswers) => void;
}) {
  const [value, setValue] = useState<SectionAnswers>(initial);
  const page = def.pages.find((p) => p.section === section);
  if (!page) throw new Error(section);
  return (
    <QuestionnaireForm
      definition={def}
      page={page}
      value={value}
      otherAnswers={{}}
      validate={sectionValidate(def, section)}
      onChange={setValue}
      onSubmit={onSubmit}
    >
      <button type="submit">Envoyer</button>
    </QuestionnaireForm>
  );
}

function renderForm(initial: SectionAnswers = {}, def = definition, section = 'general') {
  const onSubmit = vi.fn();
  render(<Harness def={def} section={section} initial={initial} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('QuestionnaireForm: headings and conditions (D25)', () => {
  it('shows the page’s headings as h2, a heading only while it applies', async () => {
    const { user } = renderForm();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Vous', 'Dépistages']);
    await user.click(screen.getByRole('radio', { name: 'Homme' }));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Vous']);
  });

  it('hides the question and the box that do not apply to a man, and drops their answers', async () => {
    const { user, onSubmit } = renderForm({ menopause: 'Oui', menopauseTopic: true });
    expect(screen.getByRole('group', { name: 'Êtes-vous ménopausée ?' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mieux vivre la ménopause' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Homme' }));
    expect(screen.queryByRole('group', { name: 'Êtes-vous ménopausée ?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Mieux vivre la ménopause' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).toHaveBeenCalledWith({ gender: 'Homme' });
  });
});

describe('QuestionnaireForm: « Suivant » on a page that passes', () => {
  it('goes on without drawing the page being left again', () => {
    const onSubmit = vi.fn();
    let commits = 0;
    render(
      <Profiler id="form" onRender={() => (commits += 1)}>
        <Harness def={definition} section="general" initial={{ gender: 'Femme' }} onSubmit={onSubmit} />
      </Profiler>,
    );
    commits = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).toHaveBeenCalledWith({ gender: 'Femme' });
    expect(commits).toBe(0);
  });
});

describe('QuestionnaireForm: exclusive boxes (D25)', () => {
  it('unticks the other boxes when the exclusive one is ticked, and says so politely', async () => {
    const { user } = renderForm();
    const group = screen.getByRole('group', { name: 'Avez-vous une de ces maladies ?' });
    await user.click(within(group).getByRole('checkbox', { name: 'Diabète' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Cancer' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Aucune de ces maladies' }));
    expect(within(group).getByRole('checkbox', { name: 'Aucune de ces maladies' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Diabète' })).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Cancer' })).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Vous avez coché « Aucune de ces maladies » : les cases « Diabète » et « Cancer » ont été décochées.',
    );
  });

  it('unticks the exclusive box when another is ticked, and leaves a compatible box alone', async () => {
    const { user, onSubmit } = renderForm({ aucune: true, menopauseTopic: true });
    await user.click(screen.getByRole('checkbox', { name: 'Cancer' }));
    expect(screen.getByRole('checkbox', { name: 'Aucune de ces maladies' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mieux vivre la ménopause' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Vous avez coché « Cancer » : la case « Aucune de ces maladies » a été décochée.',
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).toHaveBeenCalledWith({ cancer: true, menopauseTopic: true });
  });
});

describe('QuestionnaireForm: the keyboard never loses an answer', () => {
  it('keeps a chosen radio on Space, clears it with a click on it or with "Effacer ma réponse"', async () => {
    const { user } = renderForm();
    const femme = screen.getByRole('radio', { name: 'Femme' });
    expect(screen.queryByRole('button', { name: 'Effacer ma réponse' })).not.toBeInTheDocument();
    await user.click(femme);
    await user.keyboard(' ');
    expect(femme).toBeChecked();
    await user.click(femme);
    expect(femme).not.toBeChecked();
    await user.click(femme);
    await user.click(screen.getByRole('button', { name: 'Effacer ma réponse' }));
    expect(femme).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Homme' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Effacer ma réponse' })).not.toBeInTheDocument();
  });

  it('keeps every answer when Escape is pressed in any field', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Femme' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: 'Diabète' }));
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: 'Une remarque ?' }), 'Rien{Escape}');
    await user.type(screen.getByRole('spinbutton', { name: 'Votre âge (ans)' }), '47{Escape}');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).toHaveBeenCalledWith({ gender: 'Femme', diabete: true, note: 'Rien', age: 47 });
  });
});

describe('QuestionnaireForm: help lines (D7)', () => {
  it('makes the notice’s phone numbers links that call them', async () => {
    const { user } = renderForm();
    await user.click(
      within(screen.getByRole('group', { name: 'Avez-vous des idées noires ?' })).getByRole('radio', { name: 'Oui' }),
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Appeler le 3114' })).toHaveAttribute('href', 'tel:3114');
    expect(within(alert).getByRole('link', { name: 'Appeler le 15' })).toHaveAttribute('href', 'tel:15');
    expect(alert).toHaveTextContent('Appelez le 3114, ou le 15 en cas de danger.');
  });
});

describe('QuestionnaireForm on the newest real definition: the server’s validator and messages', () => {
  const real = registry.latest('18to25');
  // Its validators come with their own chunk, as in the browser.
  beforeAll(() => loadSections(real));

  it('refuses a height in metres beside the field, with the centimetres message, then accepts 175', async () => {
    const { user, onSubmit } = renderForm({}, real, 'healthHistory');
    const height = screen.getByRole('spinbutton', { name: /^Quelle est votre taille/ });
    await user.type(height, '1.75');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(height).toHaveAccessibleDescription(
      expect.stringContaining('Indiquez votre taille en centimètres, par exemple 172.'),
    );
    // Offered in centimetres (issue 34); the offer takes it.
    expect(screen.getByText(/Vouliez-vous dire 175\scm\s\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Oui, 175\scm$/ }));
    expect(height).toHaveValue(175);
    expect(screen.queryByText(/Vouliez-vous dire/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ height: 175 }));
  });

  it('shows an answer in French typography and sends its stored code (D1, D41)', async () => {
    const section = real.pages.find((p) => p.items.some((item) => item.key === 'screenTime'))?.section ?? '';
    const { user, onSubmit } = renderForm({}, real, section);
    await user.click(screen.getByRole('radio', { name: 'Moins d’une heure' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ screenTime: 'lessThan1Hour' }));
  });

  it('refuses a contradiction restored from elsewhere with the sentence the server says', async () => {
    const { user, onSubmit } = renderForm({ diabete: true, aucune: true }, real, 'healthHistory');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      screen.getByText('La case « Aucune de ces maladies » ne peut pas être cochée avec une autre réponse.'),
    ).toBeInTheDocument();
  });
});
