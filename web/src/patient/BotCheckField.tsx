import type {} from 'altcha/types/react';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

/** What the registration form asks of the bot check (D17). */
export interface BotCheckHandle {
  /**
   * Whether the check is ready, waiting up to `waitMs` for its script (a slow phone may still be
   * downloading it when the person sends the form).
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

interface AltchaElement extends HTMLElement {
  verify?: () => Promise<{ payload?: string } | null>;
  reset?: () => void;
  getState?: () => string;
}

/** The widget without its attribution link and logo (two small targets that told a patient nothing). */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true });

/** The id the error summary links to. */
export const BOT_CHECK_ID = 'reg-bot-check';

/**
 * The self-hosted ALTCHA proof-of-work widget. Its script is loaded on demand so the entry
 * chunk stays small; the challenge comes from our own API, so no third party sees the patient.
 */
export const BotCheckField = forwardRef<
  BotCheckHandle,
  {
    error?: string | null;
    /** The pharmacy of the registration: its challenge's cost is that pharmacy's, its ticket opens only it. */
    pharmacyId?: number;
  }
>(function BotCheckField({ error, pharmacyId }, ref) {
  const element = useRef<AltchaElement>(null);
  const payload = useRef<string | null>(null);
  const used = useRef(false);
  /** Resolves at the widget's next state once it stops « Vérification en cours… ». */
  const settled = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);
  const script = useRef<Promise<boolean> | null>(null);
  const loadScript = () =>
    (script.current ??= Promise.all([import('altcha'), import('altcha/i18n/fr-fr')])
      .then(() => customElements.whenDefined('altcha-widget'))
      .then(
        () => true,
        (cause: unknown) => {
          console.error('ALTCHA', cause);
          return false;
        },
      ));

  // The widget's script (34 KB gzip, a long task to start on a slow phone) loads when the person
  // starts the form rather than with the page: the page answers sooner, and the script is there
  // long before the form is sent (a send that comes first waits for it, `whenLoaded`).
  useEffect(() => {
    const form = element.current?.closest('form');
    if (!form) return void loadScript();
    const start = () => void loadScript();
    form.addEventListener('focusin', start, { once: true });
    form.addEventListener('pointerdown', start, { once: true });
    return () => {
      form.removeEventListener('focusin', start);
      form.removeEventListener('pointerdown', start);
    };
  }, []);

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      payload.current = detail?.state === 'verified' && detail.payload ? detail.payload : null;
      if (payload.current) used.current = false;
      if (detail?.state !== 'verifying') {
        settled.current?.resolve();
        settled.current = null;
      }
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, []);

  const reset = () => {
    element.current?.reset?.();
    payload.current = null;
    used.current = false;
  };

  useImperativeHandle(ref, () => ({
    whenLoaded: (waitMs) =>
      Promise.race([loadScript(), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs))]).then(
        (ok) => ok && typeof element.current?.verify === 'function',
      ),
    async solve() {
      if (used.current) reset();
      // A tap on « Accéder au questionnaire » while the check started on focus is still working
      // waits for it silently: asking the widget again then showed a red « Échec » for a moment.
      if (!used.current && element.current?.getState?.() === 'verifying') {
        if (!settled.current) {
          let resolve = () => {};
          const promise = new Promise<void>((r) => (resolve = r));
          settled.current = { promise, resolve };
        }
        await settled.current.promise;
      }
      try {
        const proof = payload.current ?? (await element.current?.verify?.())?.payload ?? payload.current;
        used.current = true;
        return proof ?? null;
      } catch (cause) {
        console.error('ALTCHA', cause);
        return null;
      }
    },
    reset,
  }));

  return (
    <div
      className="field bot-check"
      id={BOT_CHECK_ID}
      tabIndex={-1}
      aria-describedby={error ? `${BOT_CHECK_ID}-error` : undefined}
    >
      <span className="label">
        Vérification automatique que vous n’êtes pas un robot{'\u00a0'}: rien à faire, elle se fait seule.
      </span>
      {error && (
        <p id={`${BOT_CHECK_ID}-error`} className="field-error">
          {error}
        </p>
      )}
      <altcha-widget
        ref={element}
        challenge={`/api/bot-check/challenge${pharmacyId === undefined ? '' : `?pharmacy=${pharmacyId}`}`}
        language="fr-fr"
        auto="onfocus"
        configuration={WIDGET_CONFIGURATION}
      />
    </div>
  );
});
