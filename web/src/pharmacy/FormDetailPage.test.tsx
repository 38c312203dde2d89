import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { FormDetailPage } from './FormDetailPage';
import { json, stubFetch } from '../test/stubFetch';
import { renderRoutes } from '../test/renderRoutes';

const account = { id: 2, name: 'pharma-centre', nom: 'Pharmacie du Centre', email: 'p@x.fr', role: 'pharmacy' };
const view = {
  id: 9,
  civilite: 'Madame',
  nom: 'Martin',
  prenom: 'Léa',
  date_naissance: '2003-04-01',
  email: 'lea@example.fr',
  ageGroup: '18to25',
  date_formulaire: '2026-11-22T09:00:00.000Z',
  bilanDoneAt: null,
  priorities: ['Idées suicidaires ou tentative de suicide'],
  triage: 'urgent',
  findings: [
    {
      id: 'suicide-thoughts',
      level: 'priority',
      levelLabel: 'Prioritaire',
      triage: 'urgent',
      title: 'Idées suicidaires ou tentative de suicide',
      advice: 'Appelez le 3114.',
      why: 'Pourquoi : vous avez coché « Oui ».',
      source: 'Source : HAS',
      guidance: 'Demandez s’il existe un projet ; si le danger est immédiat, appelez le 15.',
      guidancePhones: ['15'],
      guidanceSource: 'Source : conférence de consensus',
    },
    {
      id: 'tobacco',
      level: 'attention',
      levelLabel: 'À surveiller',
      triage: null,
      title: 'Consommation de tabac',
      advice: 'Tabac Info Service : 39 89.',
      why: 'Pourquoi : vous avez coché « Je fume ».',
      source: 'Source : HAS',
      guidance: null,
      guidancePhones: [],
      guidanceSource: null,
    },
  ],
  due: [
    {
      id: 'dtp',
      title: 'Rappel dTcaPolio',
      status: 'À faire',
      schedule: 'À 25 ans',
      why: 'Pourquoi : vous avez 23 ans.',
      source: 'Source : calendrier',
    },
  ],
  upcoming: 'À 25 ans, à votre prochain anniversaire : rappel dTcaPolio.',
  pages: [
    { title: 'Santé', bmi: '22,5 kg/m²', parts: [{ heading: null, lines: [{ label: 'Taille', answer: '170 cm' }] }] },
  ],
};

function renderForm(id = '9') {
  localStorage.setItem('client', JSON.stringify(account));
  return renderRoutes(
    [
      { path: '/:pharmacyName/dashboard/formulaires/:formId', Component: FormDetailPage },
      { path: '/:pharmacyName/dashboard', element: <p>liste</p> },
    ],
    [`/pharma-centre/dashboard/formulaires/${id}`],
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clear();
});

describe('FormDetailPage', () => {
  it('shows the patient, the badge, the findings with why and source, what is due and the answers; records the act, moves it on and cancels it with a reason', async () => {
    const act = {
      id: 4,
      code: 'RDP',
      amountCents: 3000,
      amount: '30,00\u00a0€',
      performedAt: '2026-11-23T10:00:00.000Z',
      band: '18to25',
      bandLabel: '18-25 ans',
      status: 'realise',
      statusLabel: 'Réalisé',
      billingStatus: 'realise',
      next: 'a_facturer',
      reference: null,
      cancelledAt: null,
      cancelReason: null,
    };
    const calls = stubFetch({
      'GET /api/forms/9': () => json(view),
      'GET /api/forms/9/acts': () => json({ acts: [], department: '75', amount: '30,00\u00a0€' }),
      'POST /api/forms/9/acts': () => json(act, 201),
      'POST /api/acts/4/status': () =>
        json({ ...act, status: 'a_facturer', statusLabel: 'À facturer', next: 'facture' }),
      'POST /api/acts/4/cancel': (c) =>
        json({
          ...act,
          status: 'annule',
          statusLabel: 'Annulé',
          next: null,
          cancelledAt: '2026-11-23T11:00:00.000Z',
          cancelReason: (c.body as { reason: string }).reason,
        }),
    });
    renderForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Martin' })).toBeInTheDocument();
    const patient = screen.getByRole('region', { name: 'Patient' });
    expect(patient.querySelector('.triage-flag-urgent')).toHaveTextContent(
      'Urgent Idées suicidaires ou tentative de suicide',
    );
    expect(
      screen.getByRole('heading', { name: 'Urgent Prioritaire Idées suicidaires ou tentative de suicide' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'À surveiller Consommation de tabac' })).toBeInTheDocument();
    expect(screen.getByText('Pourquoi : vous avez coché « Oui ».')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'À faire Rappel dTcaPolio' })).toBeInTheDocument();
    expect(screen.getByText('À 25 ans, à votre prochain anniversaire : rappel dTcaPolio.')).toBeInTheDocument();
    expect(screen.getByText('170 cm')).toBeInTheDocument();
    expect(screen.getByText('22,5 kg/m²')).toBeInTheDocument();
    expect(screen.getByText('Reçu')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Bilan réalisé' }));
    expect(await screen.findByText('Bilan réalisé le 23 novembre 2026')).toBeInTheDocument();
    expect(screen.getByTestId('act-status')).toHaveTextContent('Réalisé');
    // D32: the level stays once the bilan is done.
    expect(patient.querySelector('.triage-flag-urgent')).not.toBeNull();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', auth: null, client: 'web' });
    await userEvent.click(screen.getByRole('button', { name: /^Passer à .*À facturer/ }));
    expect(await screen.findByText('À facturer')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { status: 'a_facturer', reference: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Annuler l’acte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler l’acte' });
    expect(dialog).toBeInTheDocument();
    // An empty reason is refused on the page, nothing sent.
    const sent = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(await screen.findByText('Indiquez le motif de l’annulation.')).toBeInTheDocument();
    expect(calls.length).toBe(sent);
    await userEvent.type(screen.getByLabelText('Motif de l’annulation'), 'Mauvaise fiche');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(await screen.findByText('Reçu')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { reason: 'Mauvaise fiche' } });
    expect(screen.getByText(/annulé le 23 novembre 2026/)).toHaveTextContent('Mauvaise fiche');
    expect(screen.getByRole('button', { name: 'Bilan réalisé' })).toBeInTheDocument();
  });

  it('shows the counter guidance under its finding only, its numbers as calls (issue 31)', async () => {
    stubFetch({ 'GET /api/forms/9': () => json(view) });
    renderForm();
    const guidance = await screen.findByRole('note', { name: 'Au comptoir' });
    expect(guidance).toHaveTextContent(
      'Au comptoir : Demandez s’il existe un projet ; si le danger est immédiat, appelez le 15.',
    );
    expect(guidance).toHaveTextContent('Source : conférence de consensus');
    expect(screen.getByRole('link', { name: 'Appeler le 15' })).toHaveAttribute('href', 'tel:15');
    // One finding has guidance, the other none: one note on the page, inside the first finding.
    expect(screen.getAllByRole('note', { name: 'Au comptoir' })).toHaveLength(1);
    const [first] = screen.getAllByRole('listitem');
    expect(first).toContainElement(guidance);
  });

  it("says « Questionnaire introuvable. » for another pharmacy's form or a wrong address, and keeps the status when the server refuses", async () => {
    stubFetch({
      'GET /api/forms/9': () => json({ code: 'form_not_found', message: 'Questionnaire introuvable.' }, 404),
    });
    renderForm();
    expect(await screen.findByText('Questionnaire introuvable.')).toBeInTheDocument();
    vi.unstubAllGlobals();
    renderForm('abc');
    expect(await screen.findAllByText('Questionnaire introuvable.')).not.toHaveLength(0);
  });

  it('keeps « Reçu » and shows the refusal plainly when the person already has their act in the band', async () => {
    const refusal =
      'Un bilan de prévention a déjà été réalisé pour cette personne dans cette tranche d’âge le 3\u00a0novembre 2026.';
    stubFetch({
      'GET /api/forms/9': () => json(view),
      'GET /api/forms/9/acts': () => json({ acts: [], department: '75', amount: '30,00\u00a0€' }),
      'POST /api/forms/9/acts': () => json({ code: 'act_already_recorded', message: refusal }, 409),
    });
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Bilan réalisé' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByText('Reçu')).toBeInTheDocument();
  });
});
