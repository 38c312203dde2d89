import { useParams } from 'react-router-dom';
import { ThankYou } from './ThankYou';

/** /{pharmacyName}/thank-you: the end of the real flow. */
export function PatientThankYouPage() {
  const { pharmacyName = '' } = useParams();
  return (
    <ThankYou backTo={`/${encodeURIComponent(pharmacyName)}/userform`} backLabel="Retour à l'accueil">
      <p>Merci d'avoir rempli le questionnaire.</p>
      <p>Rendez-vous au comptoir : votre pharmacien ou votre médecin vous présentera votre bilan de prévention.</p>
    </ThankYou>
  );
}
