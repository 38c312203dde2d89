import { useLayoutEffect } from 'react';
import { flowStore } from '../patient/flowStore';
import { ThankYou } from '../patient/ThankYou';

/** /formulaire/test/thank-you: the end of the demo; its answers leave the browser's memory here. */
export function DemoThankYouPage() {
  useLayoutEffect(() => {
    if (flowStore.get().flow === 'demo') flowStore.reset();
  }, []);
  return (
    <ThankYou backTo="/form" backLabel="Retour au formulaire">
      <p>Merci d’avoir testé l’application.</p>
      <p>Rendez-vous au comptoir pour découvrir le bilan de prévention préparé à partir de vos réponses.</p>
    </ThankYou>
  );
}
