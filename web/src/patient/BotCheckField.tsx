import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { altchaProof } from './altchaProof';
import { t } from '../i18n/translate';

/** What the registration form asks of the bot check (D17). */
export interface BotCheckHandle {
  /**
   * Whether the check can run, waiting up to `waitMs` (kept from the widget, whose script a slow
   * phone could still be downloading; the solver needs only Web Crypto).
   */
  whenLoaded(waitMs: number): Promise<boolean>;
  /**
   * A proof for POST /api/verify-recaptcha, for one attempt: a proof is single-use (the server
   * refuses a replay), so each call after the first solves a fresh challenge. Null on failure.
   */
  solve(): Promise<string | null>;
  /** After an attempt: back to a blank check, solved again (for the next attempt) on the next focus. */
  reset(): void;
}

type State = 'idle' | 'verifying' | 'verified' | 'error';

/** What the check says of itself, in the words the widget used (politely announced). */
const STATUS: Record<State, () => string> = {
  idle: () => '',
  verifying: () => t('Vérification en cours…'),
  verified: () => t('Vérifié'),
  error: () => t('Échec de la vérification'),
};

/** The id the error summary links to. */
export const BOT_CHECK_ID = 'reg-bot-check';

/**
 * The self-hosted ALTCHA proof of work, without a widget: our own API's challenge, solved in a
 * Web Worker (altchaProof) when the person starts the form, so the proof is usually ready when
 * they send it. No third party sees the patient, and nothing of it is downloaded before the form
 * is touched.
 */
export const BotCheckField = forwardRef<
  BotCheckHandle,
  {
    error?: string | null;
    /** The pharmacy of the registration: its challenge's cost is that pharmacy's, its ticket opens only it. */
    pharmacyId?: number;
  }
>(function BotCheckField({ error, pharmacyId }, ref) {
  const field = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('idle');
  /** The proof being made or made, for the next attempt; null once used or reset. */
  const proof = useRef<Promise<string | null> | null>(null);

  const start = () => {
    if (proof.current) return proof.current;
    setState('verifying');
    const made = altchaProof(pharmacyId).then(
      (payload) => payload,
      (cause: unknown) => {
        console.error('ALTCHA', cause);
        return null;
      },
    );
    proof.current = made;
    void made.then((payload) => {
      if (proof.current === made) setState(payload ? 'verified' : 'error');
    });
    return made;
  };

  // Solved when the person starts the form (as the widget's « onfocus »), not with the page.
  useEffect(() => {
    const form = field.current?.closest('form');
    if (!form) return;
    const begin = () => void start();
    form.addEventListener('focusin', begin, { once: true });
    form.addEventListener('pointerdown', begin, { once: true });
    return () => {
      form.removeEventListener('focusin', begin);
      form.removeEventListener('pointerdown', begin);
    };
    // Once per field: `start` reads the pharmacy when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const reset = () => {
    proof.current = null;
    setState('idle');
  };

  useImperativeHandle(ref, () => ({
    whenLoaded: async () => typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function',
    // A tap on « Accéder au questionnaire » while the check works waits for it silently.
    async solve() {
      const payload = await start();
      // Single-use: the next attempt solves a fresh challenge.
      proof.current = null;
      return payload;
    },
    reset,
  }));

  return (
    <div
      ref={field}
      className="field bot-check"
      id={BOT_CHECK_ID}
      tabIndex={-1}
      aria-describedby={error ? `${BOT_CHECK_ID}-error` : undefined}
    >
      <span className="label">
        {t('Vérification automatique que vous n’êtes pas un robot\u00a0: rien à faire, elle se fait seule.')}
      </span>
      <p className="bot-check-status" role="status">
        {STATUS[state]()}
      </p>
      {error && (
        <p id={`${BOT_CHECK_ID}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
});
