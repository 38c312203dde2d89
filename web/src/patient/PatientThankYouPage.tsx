import { deName } from '@bilan/engine';
import { useLayoutEffect } from 'react';
import { useParams } from 'react-router-dom';
import { notifications } from '../notifications/notificationStore';
import { endPatientSession } from './endPatientSession';
import { ThankYou } from './ThankYou';
import { usePharmacy } from './usePharmacy';

/**
 * /{pharmacyName}/thank-you: the end of the real flow. The browser forgets the patient here
 * (D23); the pharmacy's public name comes from the address.
 */
export function PatientThankYouPage() {
  const { pharmacyName = '' } = useParams();
  const pharmacy = usePharmacy(pharmacyName);
  useLayoutEffect(() => {
    endPatientSession();
    notifications.resolveErrors();
  }, []);
  // While the name loads, the sentence waits rather than changing under the reader's eyes.
  const name =
    pharmacy.status === 'found' ? pharmacy.pharmacy.nom : pharmacy.status === 'loading' ? null : 'votre pharmacie';
  return (
    <ThankYou backTo={`/${encodeURIComponent(pharmacyName)}/userform`} backLabel="Retour à l’accueil">
      <p>Merci d’avoir rempli le questionnaire.</p>
      {name !== null && (
        <p className="thank-you-next">
          Présentez-vous au comptoir {deName(name)}
          {'\u00a0'}: votre pharmacien a reçu vos réponses.
        </p>
      )}
    </ThankYou>
  );
}
