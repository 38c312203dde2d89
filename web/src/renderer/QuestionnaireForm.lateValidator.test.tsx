import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SectionAnswers, ValidatorFunction } from '@bilan/engine';
import { registry } from '../test/registry';
import { loadSections, sectionValidate } from '../questionnaire/versions';
import { QuestionnaireForm } from './QuestionnaireForm';

const real = registry.latest('18to25');

/**
 * A page whose validators are still on their way when « Envoyer » is pressed: the validators
 * arrive when the test says (`release`), as a version's chunk does after its first page shows.
 */
function LatePage({ onSubmit, failing = false }: { onSubmit: (a: SectionAnswers) => void; failing?: boolean }) {
  const [value, setValue] = useState<SectionAnswers>({});
  const [validate, setValidate] = useState<ValidatorFunction | undefined>(undefined);
  const page = real.pages.find((p) => p.section === 'healthHistory');
  if (!page) throw new Error('healthHistory');
  const ready = () =>
    new Promise<void>((resolve, reject) => {
      waiting.push(() => {
        if (failing) return reject(new Error('réseau perdu'));
        setValidate(() => sectionValidate(real, 'healthHistory'));
        resolve();
      });
    });
  return (
    <QuestionnaireForm
      definition={real}
      page={page}
      value={value}
      otherAnswers={{}}
      validate={validate}
      validatorReady={ready}
      onChange={setValue}
      onSubmit={onSubmit}
    >
      <button type="submit">Envoyer</button>
    </QuestionnaireForm>
  );
}

let waiting: (() => void)[] = [];
const release = () => {
  const calls = waiting;
  waiting = [];
  for (const call of calls) call();
};

describe('QuestionnaireForm whose validators arrive after the page', () => {
  it('holds a submit until they arrive, then refuses a height in metres with their message', async () => {
    await loadSections(real);
    waiting = [];
    const onSubmit = vi.fn();
    render(<LatePage onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const height = screen.getByRole('spinbutton', { name: /^Quelle est votre taille/ });
    await user.type(height, '1.75');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    // Without its validator the page would have gone on with 1.75 cm: it waits instead.
    expect(onSubmit).not.toHaveBeenCalled();
    expect(waiting).toHaveLength(1);
    release();
    expect(await screen.findByText(/Indiquez votre taille en centimètres, par exemple 172\./)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('goes on when they cannot come (the server checks alone), and asks again at the next submit', async () => {
    waiting = [];
    const onSubmit = vi.fn();
    render(<LatePage onSubmit={onSubmit} failing />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('spinbutton', { name: /^Quelle est votre taille/ }), '172');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ height: 172 }));
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(waiting).toHaveLength(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
