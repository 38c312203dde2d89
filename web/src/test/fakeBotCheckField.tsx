// The bot check solves in a Web Worker: the end-to-end tests run the real one.
// Component tests mock ./BotCheckField with this module: a stand-in that says whether it
// loaded, hands out one proof per attempt, counts its resets, and keeps the pharmacy it was given.
import { forwardRef, useImperativeHandle } from 'react';
import type { BotCheckHandle } from '../patient/BotCheckField';

export const bot = { loaded: true, fails: false, solved: 0, resets: 0, pharmacyId: undefined as number | undefined };

export function resetBot(): void {
  Object.assign(bot, { loaded: true, fails: false, solved: 0, resets: 0, pharmacyId: undefined });
}

export const BOT_CHECK_ID = 'reg-bot-check';

export const BotCheckField = forwardRef<BotCheckHandle, { error?: string | null; pharmacyId?: number }>(
  function FakeBotCheck({ error, pharmacyId }, ref) {
    bot.pharmacyId = pharmacyId;
    useImperativeHandle(ref, () => ({
      whenLoaded: async () => bot.loaded,
      solve: async () => (bot.fails ? null : `proof-${++bot.solved}`),
      reset: () => void bot.resets++,
    }));
    return (
      <div id={BOT_CHECK_ID} tabIndex={-1}>
        {error && <p>{error}</p>}
      </div>
    );
  },
);
