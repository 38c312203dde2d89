import { useParams } from 'react-router-dom';
import { ThankYou } from './ThankYou';

/** /{clientName}/thank-you: the end of the real flow. */
export function PatientThankYouPage() {
  const { clientName = '' } = useParams();
  return (
    <ThankYou backTo={`/${encodeURIComponent(clientName)}/userform`} backLabel="Retour à l'accueil">
      <p>Merci d'avoir rempli le questionnaire.</p>
      <p>Rendez-vous au comptoir : votre pharmacien ou votre médecin vous présentera votre bilan de prévention.</p>
    </ThankYou>
  );
}
