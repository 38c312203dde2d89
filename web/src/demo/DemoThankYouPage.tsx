import { useLayoutEffect } from 'react';
import { flowStore } from '../patient/flowStore';
import { ThankYou } from '../patient/ThankYou';
import { DemoAddress } from './DemoAddress';
import { demoSend, useDemoSend } from './demoSend';

/**
 * /formulaire/test/thank-you: the end of the demo, for a pharmacist trying the product (issue
 * 34). It says where the two PDFs go and how the sending went; when it failed, the address can be
 * corrected and the PDFs sent again without answering anew, and once sent they can go to another
 * address too (issue 44). The answers leave the flow's memory
 * here (the sending keeps its copy until it is done).
 */
export function DemoThankYouPage() {
  useLayoutEffect(() => {
    if (flowStore.get().flow === 'demo') flowStore.reset();
  }, []);
  const send = useDemoSend();
  return (
    <ThankYou backTo="/form" backLabel="Retour au formulaire" onBack={() => demoSend.clear()}>
      <p>Merci d’avoir testé l’application.</p>
      <p>
        Vous venez de remplir le questionnaire comme le ferait un patient de votre pharmacie. Dans le vrai parcours,
        votre pharmacie reçoit ses réponses, le questionnaire rempli et le bilan de prévention, que vous découvrez avec
        lui au comptoir.
      </p>
      <DemoSendStatus send={send} />
    </ThankYou>
  );
}

function DemoSendStatus({ send }: { send: ReturnType<typeof useDemoSend> }) {
  switch (send.status) {
    case 'sending':
      return (
        <p role="status">
          Envoi de Questionnaire.pdf et Bilan.pdf à {send.email}
          {'\u00a0'}…
        </p>
      );
    case 'sent':
      return (
        <>
          <p role="status">
            Questionnaire.pdf et Bilan.pdf ont été envoyés à {send.email}. Regardez votre boîte de réception (et les
            indésirables).
          </p>
          <DemoAddress
            id="demo-again-email"
            email=""
            label="Autre adresse e-mail où envoyer les mêmes PDF"
            submitLabel="Envoyer les PDF"
            onSubmit={(email) => demoSend.sendTo(email)}
            collapsed={{
              text: 'Les mêmes PDF peuvent partir à une autre adresse.',
              openLabel: 'Envoyer à une autre adresse',
            }}
          />
        </>
      );
    case 'failed':
      // The error, and the address to correct before « Renvoyer les PDF ».
      return (
        <>
          <p role="alert" className="field-error">
            Les PDF n’ont pas pu être envoyés à {send.email}. {send.message}
          </p>
          <DemoAddress
            id="demo-resend-email"
            email={send.email}
            label="Adresse e-mail où envoyer les PDF"
            submitLabel="Renvoyer les PDF"
            onSubmit={(email) => demoSend.sendTo(email)}
          />
        </>
      );
    default:
      return null;
  }
}
