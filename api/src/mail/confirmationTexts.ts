import type { Language } from '@bilan/engine';

/** The patient's confirmation in one language: nothing of what the patient typed, the pharmacy named. */
export interface ConfirmationTexts {
  subject: string;
  hello: string;
  received: (pharmacy: string) => string;
  counter: string;
  signature: string;
}

/**
 * The confirmation in the language the patient read the questionnaire in (issue 46), French the
 * reference. English and Arabic were written by the development team and are to be read by a
 * native reviewer with the questionnaires' translations.
 */
export const CONFIRMATION_TEXTS: Readonly<Record<Language, ConfirmationTexts>> = {
  fr: {
    subject: 'Votre questionnaire de prévention a bien été reçu',
    hello: 'Bonjour,',
    received: (pharmacy) =>
      `Merci d’avoir rempli votre questionnaire de prévention. Vos réponses ont bien été transmises à ${pharmacy}.`,
    counter: 'Rendez-vous au comptoir pour découvrir votre bilan avec un pharmacien ou un médecin.',
    signature: 'Bilan Prévention',
  },
  en: {
    subject: 'Your prevention questionnaire has been received',
    hello: 'Hello,',
    received: (pharmacy) =>
      `Thank you for filling in your prevention questionnaire. Your answers have been sent to ${pharmacy}.`,
    counter: 'Go to the counter to discover your check-up with a pharmacist or a doctor.',
    signature: 'Bilan Prévention',
  },
  ar: {
    subject: 'تم استلام استبيانكم الوقائي',
    hello: 'مرحبًا،',
    received: (pharmacy) => `شكرًا لكم على ملء استبيانكم الوقائي. تم إرسال إجاباتكم إلى ${pharmacy}.`,
    counter: 'تفضلوا إلى الشباك للاطلاع على فحصكم مع صيدلي أو طبيب.',
    signature: 'Bilan Prévention',
  },
};
