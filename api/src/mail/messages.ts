import type { OutgoingEmail } from '../db/repositories/emails';

// The e-mails of D15. Real-flow messages carry no health data: no answer, no PDF, no score.

const dateFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' });

export function frenchDateTime(date: Date): string {
  return dateFormat.format(date);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function html(paragraphs: string[]): string {
  return `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</body></html>`;
}

export interface PharmacyNotificationInput {
  pharmacy: { name: string; nom: string; email: string };
  patient: { civilite: string; nom: string; prenom: string };
  submittedAt: Date;
  publicUrl: string;
}

/** To the pharmacy: a new bilan is ready, with a link to its dashboard (no health data). */
export function pharmacyNotification(i: PharmacyNotificationInput): OutgoingEmail {
  const who = `${i.patient.prenom} ${i.patient.nom}`;
  const when = frenchDateTime(i.submittedAt);
  const link = `${i.publicUrl}/${encodeURIComponent(i.pharmacy.name)}/dashboard`;
  return {
    kind: 'pharmacy_new_bilan',
    to: i.pharmacy.email,
    subject: `Nouveau bilan prévention : ${who}`,
    text: [
      'Bonjour,',
      '',
      `${who} a terminé son questionnaire de prévention le ${when}.`,
      `Le questionnaire rempli et le bilan sont disponibles dans votre tableau de bord : ${link}`,
      '',
      "Pour protéger les données de santé, cet e-mail ne contient aucune réponse : connectez-vous pour les consulter.",
      '',
      'Bilan Prévention',
    ].join('\n'),
    html: html([
      'Bonjour,',
      `${escapeHtml(who)} a terminé son questionnaire de prévention le ${escapeHtml(when)}.`,
      `Le questionnaire rempli et le bilan sont disponibles dans votre <a href="${escapeHtml(link)}">tableau de bord</a>.`,
      'Pour protéger les données de santé, cet e-mail ne contient aucune réponse : connectez-vous pour les consulter.',
      'Bilan Prévention',
    ]),
  };
}

export interface PatientConfirmationInput {
  pharmacy: { nom: string };
  patient: { prenom: string; nom: string; email: string };
}

/** To the patient: the questionnaire was received; the bilan is discussed at the counter. */
export function patientConfirmation(i: PatientConfirmationInput): OutgoingEmail {
  return {
    kind: 'patient_confirmation',
    to: i.patient.email,
    subject: 'Votre questionnaire de prévention a bien été reçu',
    text: [
      `Bonjour ${i.patient.prenom} ${i.patient.nom},`,
      '',
      `Merci d'avoir rempli votre questionnaire de prévention. Vos réponses ont bien été transmises à ${i.pharmacy.nom}.`,
      'Rendez-vous au comptoir pour découvrir votre bilan avec un pharmacien ou un médecin.',
      '',
      'Bilan Prévention',
    ].join('\n'),
    html: html([
      `Bonjour ${escapeHtml(i.patient.prenom)} ${escapeHtml(i.patient.nom)},`,
      `Merci d'avoir rempli votre questionnaire de prévention. Vos réponses ont bien été transmises à ${escapeHtml(i.pharmacy.nom)}.`,
      'Rendez-vous au comptoir pour découvrir votre bilan avec un pharmacien ou un médecin.',
      'Bilan Prévention',
    ]),
  };
}

export interface DemoEmailInput {
  to: string;
  bandLabel: string;
  questionnairePdf: Buffer;
  bilanPdf: Buffer;
}

/** The demo: both PDFs attached (demo answers are test data, D15). */
export function demoEmail(i: DemoEmailInput): OutgoingEmail {
  return {
    kind: 'demo',
    to: i.to,
    subject: 'Votre bilan prévention (démonstration)',
    text: [
      'Bonjour,',
      '',
      `Merci d'avoir testé Bilan Prévention (questionnaire ${i.bandLabel}).`,
      'Vous trouverez en pièces jointes le questionnaire rempli (Questionnaire.pdf) et le bilan (Bilan.pdf).',
      "Il s'agit d'une démonstration : ces documents ne constituent pas un avis médical.",
      '',
      'Bilan Prévention',
    ].join('\n'),
    attachments: [
      { filename: 'Questionnaire.pdf', contentType: 'application/pdf', base64: i.questionnairePdf.toString('base64') },
      { filename: 'Bilan.pdf', contentType: 'application/pdf', base64: i.bilanPdf.toString('base64') },
    ],
  };
}
