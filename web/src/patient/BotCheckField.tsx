import type {} from 'altcha/types/react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

/** What the registration form asks of the bot check (D17). */
export interface BotCheckHandle {
  /** False until the widget's script is loaded and the element is ready. */
  isLoaded(): boolean;
  /** The proof to send to POST /api/verify-recaptcha, solving it now if needed; null on failure. */
  solve(): Promise<string | null>;
}

interface AltchaElement extends HTMLElement {
  verify?: () => Promise<{ payload?: string } | null>;
}

/**
 * The self-hosted ALTCHA proof-of-work widget. Its script is loaded on demand so the entry
 * chunk stays small; the challenge comes from our own API, so no third party sees the patient.
 */
export const BotCheckField = forwardRef<BotCheckHandle, { label: string }>(function BotCheckField({ label }, ref) {
  const element = useRef<AltchaElement>(null);
  const payload = useRef<string | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([import('altcha'), import('altcha/i18n/fr-fr')])
      .then(() => customElements.whenDefined('altcha-widget'))
      .then(() => live && setLoaded(true))
      .catch((error: unknown) => console.error('ALTCHA', error));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      payload.current = detail?.state === 'verified' && detail.payload ? detail.payload : null;
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, []);

  useImperativeHandle(ref, () => ({
    isLoaded: () => loaded && typeof element.current?.verify === 'function',
    async solve() {
      if (payload.current) return payload.current;
      try {
        const result = await element.current?.verify?.();
        return result?.payload ?? payload.current;
      } catch (error) {
        console.error('ALTCHA', error);
        return null;
      }
    },
  }));

  return (
    <div className="field bot-check">
      <span className="label">Vérification anti-robot ({label})</span>
      <altcha-widget ref={element} challenge="/api/bot-check/challenge" language="fr-fr" auto="onfocus" />
    </div>
  );
});
