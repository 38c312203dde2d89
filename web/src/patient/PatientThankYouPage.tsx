import { deName, type NoticeItem } from '@bilan/engine';
import { useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PhoneText } from '../ui/PhoneText';
import { notifications } from '../notifications/notificationStore';
import { patientLanguage } from '../i18n/patientLanguage';
import { endPatientSession } from './endPatientSession';
import { ThankYou } from './ThankYou';
import { usePharmacy } from './usePharmacy';
import { t } from '../i18n/translate';
import { useLanguage } from '../i18n/useLanguage';

/**
 * /{pharmacyName}/thank-you: the end of the real flow. The browser forgets the patient here
 * (D23); the pharmacy's public name comes from the address.
 */
export function PatientThankYouPage() {
  const { pharmacyName = '' } = useParams();
  const pharmacy = usePharmacy(pharmacyName);
  // Drawn again, in its words, when the patient changes language (issue 46).
  useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  // The help lines the answers brought up (PatientReviewPage), kept for this screen only: the
  // history entry forgets them at once, so that a reload or the next person never sees them.
  const [help] = useState<NoticeItem[]>(() => (location.state as { help?: NoticeItem[] } | null)?.help ?? []);
  useLayoutEffect(() => {
    endPatientSession();
    notifications.resolveErrors();
  }, []);
  useLayoutEffect(() => {
    if (location.state !== null) void navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);
  // While the name loads, the sentence waits rather than changing under the reader's eyes.
  const name =
    pharmacy.status === 'found' ? pharmacy.pharmacy.nom : pharmacy.status === 'loading' ? null : t('votre pharmacie');
  return (
    <ThankYou
      backTo={`/${encodeURIComponent(pharmacyName)}/userform`}
      backLabel={t('Retour à l’accueil')}
      // The next person starts in French (issue 46): the language read was this person's.
      onBack={() => patientLanguage.reset()}
    >
      <p>{t('Merci d’avoir rempli le questionnaire.')}</p>
      {name !== null && (
        <p className="thank-you-next">
          {t('Présentez-vous au comptoir {ofPharmacy}\u00a0: votre pharmacien a reçu vos réponses.', {
            ofPharmacy: deName(name),
            pharmacy: name,
          })}
        </p>
      )}
      {help.map((notice) => (
        <div key={notice.key} className="notice help-notice help-notice-urgent" data-notice={notice.key}>
          <PhoneText text={notice.text} phones={notice.phones} />
        </div>
      ))}
    </ThankYou>
  );
}
