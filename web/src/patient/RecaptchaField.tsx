import { forwardRef, useEffect, useImperativeHandle, useState } from 'react';
import { BOT_CHECK_ID, type BotCheckHandle } from './BotCheckField';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/**
 * The reCAPTCHA v3 provider (D17), used only when the server is configured for it: Google's
 * script is loaded on this page alone, and its token goes to POST /api/verify-recaptcha.
 */
export const RecaptchaField = forwardRef<BotCheckHandle, { siteKey: string; error?: string | null }>(
  function RecaptchaField({ siteKey, error }, ref) {
    const [loaded, setLoaded] = useState(() => typeof window.grecaptcha?.execute === 'function');

    useEffect(() => {
      if (loaded) return;
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => setLoaded(true);
      script.onerror = () => console.error('reCAPTCHA\u00a0: script non chargé');
      document.head.append(script);
      return () => script.remove();
    }, [loaded, siteKey]);

    useImperativeHandle(ref, () => ({
      // Google's script is not ours to wait for: it is there or not.
      whenLoaded: async () => loaded && typeof window.grecaptcha?.execute === 'function',
      solve: () =>
        new Promise<string | null>((resolve) => {
          const grecaptcha = window.grecaptcha;
          if (!grecaptcha) return resolve(null);
          grecaptcha.ready(() => {
            grecaptcha.execute(siteKey, { action: 'submit' }).then(resolve, (error: unknown) => {
              console.error('reCAPTCHA', error);
              resolve(null);
            });
          });
        }),
      // Each execute() gives a new token: nothing to reset between attempts.
      reset: () => undefined,
    }));

    return (
      <div className="bot-check" id={BOT_CHECK_ID} tabIndex={-1}>
        <p className="hint">
          Ce formulaire est protégé par reCAPTCHA{'\u00a0'}: les règles de confidentialité et les conditions
          d’utilisation de Google s’appliquent.
        </p>
        {error && <p className="field-error">{error}</p>}
      </div>
    );
  },
);
