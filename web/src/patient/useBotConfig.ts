import { useEffect, useState } from 'react';
import { apiJson } from '../api/client';

export interface BotConfig {
  provider: string;
  /** The name the messages give the service (D17). */
  label: string;
  siteKey?: string;
}

/** Which bot check the server uses (GET /api/bot-check/config); the self-hosted ALTCHA until it answers. */
export function useBotConfig(): BotConfig {
  const [config, setConfig] = useState<BotConfig>({ provider: 'altcha', label: 'ALTCHA' });
  useEffect(() => {
    let live = true;
    apiJson('get', '/api/bot-check/config')
      .then((c) => live && setConfig({ ...c, label: c.label ?? (c.provider === 'recaptcha' ? 'reCAPTCHA' : 'ALTCHA') }))
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
