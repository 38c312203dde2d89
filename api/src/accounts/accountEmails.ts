import type { OutgoingEmail } from '../db/repositories/emails';

// E-mails of the accounts: second-factor code, address verification, password reset. Plain text
// only: a link or a code must read the same in every mail client.

function body(lines: string[]): string {
  return [...lines, '', 'Bilan Prévention'].join('\n');
}

const notYou = "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne sera modifié.";

export const accountEmails = {
  loginCode(to: string, code: string): OutgoingEmail {
    return {
      kind: 'login_code',
      to,
      subject: 'Votre code de connexion Bilan Prévention',
      text: body(['Bonjour,', '', `Votre code de vérification est : ${code}`, '', 'Il est valable 10 minutes et ne peut servir qu’une fois.', notYou]),
    };
  },
  verifyEmail(to: string, link: string): OutgoingEmail {
    return {
      kind: 'verify_email',
      to,
      subject: 'Confirmez votre adresse e-mail',
      text: body([
        'Bonjour,',
        '',
        'Votre compte pharmacie a été créé. Pour l’activer, confirmez votre adresse e-mail en ouvrant ce lien (valable 48 heures) :',
        link,
        '',
        notYou,
      ]),
    };
  },
  resetPassword(to: string, link: string): OutgoingEmail {
    return {
      kind: 'reset_password',
      to,
      subject: 'Réinitialisation de votre mot de passe',
      text: body([
        'Bonjour,',
        '',
        'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure, une seule fois) :',
        link,
        '',
        'Le changement de mot de passe fermera toutes les sessions ouvertes de votre compte.',
        notYou,
      ]),
    };
  },
};
