// French texts of docs/product.md §8 (accounts and admin), with D8's spelling fixes.

const INVITE_REASON_MESSAGES: Record<string, string> = {
  missing: 'Invitation manquante. Utilisez le lien d’inscription transmis.',
  not_found: 'Invitation introuvable.',
  expired: 'Invitation expirée. Demandez un nouveau lien.',
  used: 'Invitation déjà utilisée.',
};

export function inviteReasonMessage(reason: string | null | undefined): string {
  return (reason && INVITE_REASON_MESSAGES[reason]) || 'Accès restreint.';
}

export const MSG = {
  loginFailed: 'Erreur de connexion',
  verifyFailed: 'Erreur lors de la vérification.',
  verifyExpired: 'Session de vérification expirée. Merci de vous reconnecter.',
  registerFailed: 'Erreur lors de l’inscription.',
  passwordsDiffer: 'Les mots de passe ne correspondent pas.',
  inviteMissing: 'Accès restreint\u00a0: invitation invalide.',
  resetRequested: 'Un email de réinitialisation a été envoyé si l’adresse est connue.',
  genericError: 'Une erreur est survenue.',
  resetRequestNetwork: 'Erreur de connexion au serveur.',
  resetNetwork: 'Erreur lors de la connexion au serveur.',
  resetDone: 'Mot de passe mis à jour. Redirection…',
  sessionInvalid: 'Session expirée ou invalide.',
  forbidden: 'Accès interdit (clientId/token).',
  pdfNotFound: 'PDF introuvable.',
  downloadFailed: 'Échec du téléchargement',
  exportFailed: 'Impossible de télécharger les données.',
  adminTokenMissing: 'Token non trouvé. Veuillez vous reconnecter.',
  inviteCreateFailed: 'Erreur lors de la création de l’invitation.',
  adminFailed: 'Accès refusé ou erreur serveur.',
  copied: 'Lien copié dans le presse-papiers',
  copyFailed: 'Impossible de copier. Copie manuelle nécessaire.',
} as const;
