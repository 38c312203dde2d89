// Shared by the registration page's component tests: the page in a memory router, the fake
// API's pharmacy routes, and a person filling the form.
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { paris } from '@bilan/engine';
import { RegistrationPage } from '../patient/RegistrationPage';
import type { Handler } from './fakeApi';
import { renderRoutes } from './renderRoutes';

/** A birth date `age` years and three months ago on today's Paris calendar (D19), as the three fields. */
export function bornAged(age: number) {
  const [y, m, d] = paris.isoDay(new Date()).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - age, m - 1, d));
  date.setUTCMonth(date.getUTCMonth() - 3);
  const iso = date.toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-') as [string, string, string];
  return { iso, day: String(Number(day)), month: String(Number(month)), year };
}

export const pharmacy: Record<string, Handler> = {
  'GET /api/clients/public/pharmacie-demo': () => [
    200,
    { client: { id: 7, name: 'pharmacie-demo', nom: 'Pharmacie du Centre' } },
  ],
  'GET /api/bot-check/config': () => [200, { provider: 'altcha', label: 'ALTCHA' }],
};
export const verified: Handler = () => [200, { success: true, score: 1, ticket: 'ticket-1' }];
export const created: Handler = () => [201, { token: 'patient-token', userId: 1, ageGroup: '18to25' }];

export function renderRegistration(path = '/pharmacie-demo/userform') {
  return renderRoutes(
    [
      { path: '/:pharmacyName/userform', Component: RegistrationPage },
      { path: '/:pharmacyName/:part/:step', Component: () => <h1>Page du questionnaire</h1> },
    ],
    [path],
  );
}

type User = ReturnType<typeof userEvent.setup>;

export async function typeDate(user: User, date: { day: string; month: string; year: string }) {
  for (const [label, value] of [
    ['Jour', date.day],
    ['Mois', date.month],
    ['Année', date.year],
  ] as const) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
  }
}

export async function fillRegistration(
  user: User,
  { consent = true, ssn = '', age = 21, email = 'camille@example.fr' } = {},
) {
  await user.selectOptions(await screen.findByLabelText('Civilité *'), 'Madame');
  await user.type(screen.getByLabelText('Prénom *'), 'Camille');
  await user.type(screen.getByLabelText('Nom *'), 'Martin');
  await typeDate(user, bornAged(age));
  if (email) await user.type(screen.getByLabelText('Adresse e-mail (facultatif)'), email);
  if (ssn) await user.type(screen.getByLabelText('Numéro de sécurité sociale (facultatif)'), ssn);
  if (consent) await user.click(screen.getByRole('checkbox'));
}

export const submitButton = () => screen.getByRole('button', { name: 'Accéder au questionnaire' });
export const errorSummary = () =>
  screen.getByRole('heading', { level: 2, name: 'Il y a un problème' }).parentElement as HTMLElement;
