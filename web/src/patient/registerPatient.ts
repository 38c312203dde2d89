import type { BandCode } from '@bilan/engine';
import { ApiError } from '../api/client';
import { patientApi, type CreatePatientBody } from '../api/patientApi';
import { isBand } from './bandOfPart';
import type { BotCheckHandle } from './BotCheckField';
import { MESSAGES, serverRefusal, type FieldKey } from './registrationRules';

export type RegistrationOutcome =
  | { kind: 'created'; token: string; band: BandCode }
  /** The server (or the bot check) refused something the person can correct in a field. */
  | { kind: 'refused'; field: FieldKey; message: string }
  /** Nothing to correct: the network or the server failed; "Réessayer" sends it again. */
  | { kind: 'failed'; message: string };

/** How long an attempt waits for the bot check's script on a slow network before saying it is not loaded. */
const BOT_LOAD_WAIT_MS = 20_000;

function failureOf(error: unknown, botLabel: string): RegistrationOutcome {
  if (error instanceof ApiError) {
    const refusal = serverRefusal(error.code, botLabel, error.details);
    if (refusal) return { kind: 'refused', ...refusal };
    if (error.isNetwork) return { kind: 'failed', message: MESSAGES.network };
    if (error.status === 429) return { kind: 'failed', message: error.message };
  }
  return { kind: 'failed', message: `${MESSAGES.createFailed} ${MESSAGES.retryLater}` };
}

/**
 * One registration attempt, in the order of docs/product.md §5 after the form's own checks: the bot
 * check (a fresh proof of work for this attempt), its server verification (a single-use
 * ticket), then the creation of the patient and their form.
 */
export async function registerPatient(
  bot: BotCheckHandle,
  botLabel: string,
  body: Omit<CreatePatientBody, 'ticket'>,
): Promise<RegistrationOutcome> {
  if (!(await bot.whenLoaded(BOT_LOAD_WAIT_MS)))
    return { kind: 'refused', field: 'botCheck', message: MESSAGES.botNotLoaded(botLabel) };
  const proof = await bot.solve();
  if (!proof) return { kind: 'refused', field: 'botCheck', message: MESSAGES.botFailed(botLabel) };
  let ticket: string;
  try {
    const verified = await patientApi.botCheckTicket(proof);
    if (!verified) return { kind: 'refused', field: 'botCheck', message: MESSAGES.botFailed(botLabel) };
    ticket = verified;
  } catch (error) {
    return failureOf(error, botLabel);
  }
  try {
    const created = await patientApi.create({ ...body, ticket });
    if (!created.token || !isBand(created.ageGroup))
      return { kind: 'failed', message: `${MESSAGES.createFailed} ${MESSAGES.retryLater}` };
    return { kind: 'created', token: created.token, band: created.ageGroup };
  } catch (error) {
    return failureOf(error, botLabel);
  }
}
