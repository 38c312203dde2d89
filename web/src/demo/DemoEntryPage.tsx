import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BandCode } from '@bilan/engine';
import { flowStore } from '../patient/flowStore';
import { usePageFocus } from '../renderer/usePageFocus';
import { isEmailAddress } from '../ui/isEmailAddress';
import { EmailSuggestion } from '../ui/EmailSuggestion';
import { DEMO_INVALID_EMAIL } from './demoMessages';
import '../patient/patient.css';

const CARDS: ReadonlyArray<{ band: BandCode; label: string }> = [
  { band: '18to25', label: '18-25 ans' },
  { band: '45to50', label: '45-50 ans' },
  { band: '60to65', label: '60-65 ans' },
  { band: '70to75', label: '70-75 ans' },
];

/** /form: 'Testez gratuitement', the entry of the demo flow (no account, answers in memory). */
export function DemoEntryPage() {
  const navigate = useNavigate();
  // Back at the start from a demo under way: its address and answers are still there.
  const [email, setEmail] = useState(() => flowStore.get().demoEntry?.email ?? '');
  const [touched, setTouched] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const heading = usePageFocus<HTMLHeadingElement>('/form');

  // The address is checked before the questionnaire starts (issue 34): a pharmacist trying the
  // product does not lose the answers to a typo found at the end.
  const start = (band: BandCode) => {
    if (!isEmailAddress(email)) {
      setInvalid(true);
      emailInput.current?.focus();
      return;
    }
    const current = flowStore.get();
    // The same band as the demo under way goes on with its answers; another one starts afresh.
    if (current.flow === 'demo' && current.band === band) flowStore.setDemoEmail(email);
    else flowStore.startDemo({ email: email.trim(), band });
    void navigate(`/formulaire/test/parts${band}/general`);
  };

  return (
    <main className="container patient-page" id="contenu">
      <h1 ref={heading} tabIndex={-1}>
        Testez gratuitement
      </h1>
      <p>
        Essayez le questionnaire de prévention comme un patient. Vos réponses restent dans votre navigateur{'\u00a0'}; à
        la fin, le questionnaire rempli et le bilan en PDF sont envoyés à l’adresse indiquée.
      </p>
      <div className="field">
        <label htmlFor="demo-email">Votre adresse e-mail</label>
        <p id="demo-email-hint" className="hint">
          Le questionnaire rempli et le bilan y seront envoyés en PDF.
        </p>
        <input
          ref={emailInput}
          id="demo-email"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'demo-email-hint demo-email-error' : 'demo-email-hint'}
          onChange={(e) => {
            setEmail(e.target.value);
            if (invalid && isEmailAddress(e.target.value)) setInvalid(false);
          }}
          onBlur={() => setTouched(true)}
        />
        {touched && <EmailSuggestion id="demo-email-suggestion" value={email} onAccept={setEmail} />}
        {invalid && (
          <p id="demo-email-error" className="field-error" role="alert">
            {DEMO_INVALID_EMAIL}
          </p>
        )}
      </div>
      <fieldset className="question">
        <legend className="question-label">Choisissez une tranche d’âge</legend>
        <div className="age-cards">
          {CARDS.map((card) => (
            <button
              key={card.band}
              type="button"
              className="btn btn-secondary age-card"
              onClick={() => start(card.band)}
            >
              {card.label}
            </button>
          ))}
        </div>
      </fieldset>
    </main>
  );
}
