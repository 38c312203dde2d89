// Issue 13: the e-mails people receive are written in French typography: every subject, text
// and HTML body of mail/messages.ts, rendered with ordinary inputs and checked with the engine's
// typographyFaults (links and addresses are not prose; the names are the inputs').
import { describe, expect, it } from 'vitest';
import { typographyFaults } from '@bilan/engine';
import { accountEmails, capReachedEmail, demoEmail, patientConfirmation, pharmacyNotification } from './messages';
import type { OutgoingEmail } from './repository';

const pdf = Buffer.from('%PDF-1.4');
const messages: OutgoingEmail[] = [
  pharmacyNotification({
    pharmacy: { name: 'pharmacie-centre', email: 'contact@pharmacie.fr' },
    patient: { lastName: 'Martin', firstName: 'Zoé' },
    submittedAt: new Date('2026-03-10T10:00:00Z'),
    publicUrl: 'https://bilan.example.fr',
  }),
  patientConfirmation({
    pharmacy: { displayName: 'Pharmacie du Centre' },
    to: 'zoe@example.fr',
  }),
  demoEmail({ to: 'zoe@example.fr', bandLabel: '45-50 ans', questionnairePdf: pdf, bilanPdf: pdf }),
  accountEmails.loginCode('p@pharmacie.fr', '123456'),
  accountEmails.verifyEmail('p@pharmacie.fr', 'https://bilan.example.fr/email-verifie#token=abc'),
  accountEmails.resetPassword('p@pharmacie.fr', 'https://bilan.example.fr/reset-password#token=abc'),
  capReachedEmail({
    to: 'admin@bilan.example.fr',
    pharmacy: { name: 'pharmacie-centre', displayName: 'Pharmacie du Centre' },
    cap: 60,
    at: new Date('2026-03-10T10:00:00Z'),
  }),
];

/** The text a mail client shows for an HTML body: tags dropped, entities read. */
function htmlText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return html.replace(/<[^>]+>/g, '\n').replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => entities[e] ?? e);
}

describe('the e-mails in French typography', () => {
  it.each(messages.map((m) => [m.kind, m] as const))('%s: subject, text and HTML body', (_kind, message) => {
    const parts = [message.subject, message.text, ...(message.html ? [htmlText(message.html)] : [])];
    const faults = parts.flatMap((part) => typographyFaults(part).map((f) => `${f.message}, in "${f.excerpt}"`));
    expect(faults).toEqual([]);
  });

  it('writes what they say with the typographic apostrophe and no-break spaces', () => {
    expect(messages[0]?.subject).toBe('Nouveau bilan prévention\u00a0: Zoé Martin');
    expect(messages[1]?.text).toContain('Merci d’avoir rempli votre questionnaire de prévention.');
    expect(messages[3]?.text).toContain('Votre code de vérification est\u00a0: 123456');
  });

  it('writes the patient’s confirmation in the language of the questionnaire (issue 46)', () => {
    const to = 'zoe@example.fr';
    const pharmacy = { displayName: 'Pharmacie du Centre' };
    const english = patientConfirmation({ pharmacy, to, language: 'en' });
    expect(english.subject).toBe('Your prevention questionnaire has been received');
    expect(english.text).toContain('Your answers have been sent to Pharmacie du Centre.');
    expect(english.html).toContain('<html lang="en">');
    const arabic = patientConfirmation({ pharmacy, to, language: 'ar' });
    expect(arabic.subject).toBe('تم استلام استبيانكم الوقائي');
    expect(arabic.text).toContain('Pharmacie du Centre');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(patientConfirmation({ pharmacy, to, language: 'fr' })).toEqual(patientConfirmation({ pharmacy, to }));
  });
});
