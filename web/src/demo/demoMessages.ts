/** The demo's e-mail check (issue 34), on /form and on its thank-you page. */
export const DEMO_INVALID_EMAIL = 'Adresse e-mail invalide\u00a0: exemple nom@pharmacie.fr';
