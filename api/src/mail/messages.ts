import { directionOf, isPersonName, paris, type Language } from '@bilan/engine';
import { escapeHtml } from '../shared/text/escapeHtml';
import { CONFIRMATION_TEXTS } from './confirmationTexts';
import { withoutInvisible } from '../shared/text/visibleText';
import type { OutgoingEmail } from './repository';

// The e-mails of D15. Real-flow messages carry no health data: no answer, no PDF, no score.

function html(paragraphs: string[], language: Language = 'fr'): string {
  const dir = directionOf(language) === 'rtl' ? ' dir="rtl"' : '';
  return `<!doctype html><html lang="${language}"${dir}><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</body></html>`;
}

export interface PharmacyNotificationInput {
  pharmacy: { name: string; email: string };
  patient: { lastName: string; firstName: string };
  submittedAt: Date;
  publicUrl: string;
}

/**
 * To the pharmacy: a new bilan is ready, with a link to its dashboard (no health data). It names
 * the patient and carries nothing else they typed: a name is letters, spaces, apostrophes and
 * hyphens (isPersonName); one registered before that rule and outside it is left out.
 */
export function pharmacyNotification(i: PharmacyNotificationInput): OutgoingEmail {
  const named = isPersonName(i.patient.firstName) && isPersonName(i.patient.lastName);
  const who = named ? `${i.patient.firstName} ${i.patient.lastName}` : 'Une personne';
  const when = paris.frenchDateAndTime(i.submittedAt);
  const link = `${i.publicUrl}/${encodeURIComponent(i.pharmacy.name)}/dashboard`;
  return {
    kind: 'pharmacy_new_bilan',
    to: i.pharmacy.email,
    subject: named ? `Nouveau bilan prévention\u00a0: ${who}` : 'Nouveau bilan prévention',
    text: [
      'Bonjour,',
      '',
      `${who} a terminé son questionnaire de prévention le ${when}.`,
      `Le questionnaire rempli et le bilan sont disponibles dans votre tableau de bord\u00a0: ${link}`,
      '',
      'Pour protéger les données de santé, cet e-mail ne contient aucune réponse\u00a0: connectez-vous pour les consulter.',
      '',
      'Bilan Prévention',
    ].join('\n'),
    html: html([
      'Bonjour,',
      `${escapeHtml(who)} a terminé son questionnaire de prévention le ${escapeHtml(when)}.`,
      `Le questionnaire rempli et le bilan sont disponibles dans votre <a href="${escapeHtml(link)}">tableau de bord</a>.`,
      'Pour protéger les données de santé, cet e-mail ne contient aucune réponse\u00a0: connectez-vous pour les consulter.',
      'Bilan Prévention',
    ]),
  };
}

export interface PatientConfirmationInput {
  pharmacy: { displayName: string };
  /** The patient's address, which nobody verified. */
  to: string;
  /** The language the patient read the questionnaire in (issue 46); French when absent. */
  language?: Language;
}

/**
 * To the patient: the questionnaire was received; the bilan is discussed at the counter. Nobody
 * verified the address (D30): the message repeats nothing the patient typed, not even a name,
 * so that the platform cannot carry someone's words to a stranger's mailbox. It is written in the
 * language the patient read the questionnaire in.
 */
export function patientConfirmation(i: PatientConfirmationInput): OutgoingEmail {
  const pharmacy = withoutInvisible(i.pharmacy.displayName);
  const language = i.language ?? 'fr';
  const texts = CONFIRMATION_TEXTS[language];
  return {
    kind: 'patient_confirmation',
    to: i.to,
    subject: texts.subject,
    text: [texts.hello, '', texts.received(pharmacy), texts.counter, '', texts.signature].join('\n'),
    html: html([texts.hello, texts.received(escapeHtml(pharmacy)), texts.counter, texts.signature], language),
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
      `Merci d’avoir testé Bilan Prévention (questionnaire ${i.bandLabel}).`,
      'Vous trouverez en pièces jointes le questionnaire rempli (Questionnaire.pdf) et le bilan (Bilan.pdf).',
      'Il s’agit d’une démonstration\u00a0: ces documents ne constituent pas un avis médical.',
      '',
      'Bilan Prévention',
    ].join('\n'),
    attachments: [
      { filename: 'Questionnaire.pdf', contentType: 'application/pdf', base64: i.questionnairePdf.toString('base64') },
      { filename: 'Bilan.pdf', contentType: 'application/pdf', base64: i.bilanPdf.toString('base64') },
    ],
  };
}

export interface CapReachedInput {
  to: string;
  pharmacy: { name: string; displayName: string };
  cap: number;
  at: Date;
}

/** To an admin: a pharmacy's link started more forms in an hour than its cap (issue 30); told once an hour. */
export function capReachedEmail(i: CapReachedInput): OutgoingEmail {
  const pharmacy = `${withoutInvisible(i.pharmacy.displayName)} (${i.pharmacy.name})`;
  return {
    kind: 'cap_alert',
    to: i.to,
    subject: `Plafond de nouveaux questionnaires atteint\u00a0: ${withoutInvisible(i.pharmacy.displayName)}`,
    text: [
      'Bonjour,',
      '',
      `Le lien de la pharmacie ${pharmacy} a commencé ${i.cap}\u00a0questionnaires en une heure, son plafond, le ${paris.frenchDateAndTime(i.at)}. Les inscriptions suivantes sont refusées jusqu’à ce que les plus anciennes aient plus d’une heure.`,
      'Si la pharmacie organise une journée de prévention, le plafond se règle avec NEW_FORMS_PER_PHARMACY_HOUR. Sinon, quelqu’un crée peut-être des questionnaires en masse avec ce lien. Les plafonds atteints sont listés dans l’administration (GET /api/admin/alerts).',
      '',
      'Bilan Prévention',
    ].join('\n'),
  };
}

// E-mails of the accounts: second-factor code, address verification, password reset. Plain text
// only: a link or a code must read the same in every mail client. Each carries a secret: the
// queue stores it sealed and deletes it once delivered (secret: true).

function accountText(lines: string[]): string {
  return ['Bonjour,', '', ...lines, '', 'Bilan Prévention'].join('\n');
}

const notYou = 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: rien ne sera modifié.';

/** A message that carries one link: what it is for, the link, then what follows. */
function linkMessage(
  kind: string,
  to: string,
  subject: string,
  what: string,
  link: string,
  after: string[],
): OutgoingEmail {
  return { kind, to, subject, text: accountText([what, link, '', ...after, notYou]), secret: true };
}

export const accountEmails = {
  loginCode(to: string, code: string): OutgoingEmail {
    return {
      kind: 'login_code',
      to,
      subject: 'Votre code de connexion Bilan Prévention',
      text: accountText([
        `Votre code de vérification est\u00a0: ${code}`,
        '',
        'Il est valable 10 minutes et ne peut servir qu’une fois.',
        notYou,
      ]),
      secret: true,
    };
  },
  verifyEmail(to: string, link: string): OutgoingEmail {
    const what =
      'Votre compte pharmacie a été créé. Pour l’activer, confirmez votre adresse e-mail en ouvrant ce lien (valable 48 heures)\u00a0:';
    return linkMessage('verify_email', to, 'Confirmez votre adresse e-mail', what, link, []);
  },
  /** A pharmacy invited by the admin: the register link and until when it opens sign-up (Paris time). */
  invitation(to: string, link: string, expiresAt: Date): OutgoingEmail {
    const what = `Vous êtes invité(e) à ouvrir le compte de votre pharmacie sur Bilan Prévention. Pour le créer, ouvrez ce lien, valable jusqu’au ${paris.frenchDateAndTime(expiresAt)} (heure de Paris)\u00a0:`;
    return linkMessage('invitation', to, 'Invitation à ouvrir le compte de votre pharmacie', what, link, [
      'Le compte sera créé avec cette adresse e-mail. Si le lien a expiré, demandez-en un nouveau à l’équipe Bilan Prévention.',
    ]);
  },
  resetPassword(to: string, link: string): OutgoingEmail {
    const what = 'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure, une seule fois)\u00a0:';
    return linkMessage('reset_password', to, 'Réinitialisation de votre mot de passe', what, link, [
      'Le changement de mot de passe fermera toutes les sessions ouvertes de votre compte.',
    ]);
  },
};
