import { useLayoutEffect, useState, type FormEvent } from 'react';
import { flowStore } from '../patient/flowStore';
import { ThankYou } from '../patient/ThankYou';
import { isEmailAddress } from '../ui/isEmailAddress';
import { demoSend, useDemoSend } from './demoSend';
import { DEMO_INVALID_EMAIL } from './demoMessages';

/**
 * /formulaire/test/thank-you: the end of the demo, for a pharmacist trying the product (issue
 * 34). It says where the two PDFs go and how the sending went; when it failed, the address can be
 * corrected and the PDFs sent again without answering anew. The answers leave the flow's memory
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
        <p role="status">
          Questionnaire.pdf et Bilan.pdf ont été envoyés à {send.email}. Regardez votre boîte de réception (et les
          indésirables).
        </p>
      );
    case 'failed':
      return <ResendForm email={send.email} message={send.message} />;
    default:
      return null;
  }
}

/** The sending failed: the error, and the address to correct before « Renvoyer les PDF ». */
function ResendForm({ email, message }: { email: string; message: string }) {
  const [value, setValue] = useState(email);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isEmailAddress(value)) return setInvalid(true);
    setInvalid(false);
    demoSend.retry(value);
  };
  return (
    <form className="card demo-resend" noValidate onSubmit={submit}>
      <p role="alert" className="field-error">
        Les PDF n’ont pas pu être envoyés à {email}. {message}
      </p>
      <div className="field">
        <label htmlFor="demo-resend-email">Adresse e-mail où envoyer les PDF</label>
        <input
          id="demo-resend-email"
          type="email"
          autoComplete="email"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'demo-resend-error' : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {invalid && (
          <p id="demo-resend-error" className="field-error">
            {DEMO_INVALID_EMAIL}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary">
        Renvoyer les PDF
      </button>
    </form>
  );
}
