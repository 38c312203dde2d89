import type { EnvName } from './environment';

/** The process's environment, or the one a test gives. */
export type Env = Record<string, string | undefined>;

/** Whether `value` is a URL whose protocol is one of `protocols` (written `'https:'`, as URL reads it). */
export function isUrlOf(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Typed reads of the environment's variables for loadConfig: an empty value is an unset one, and
 * a bad value is added to `problems` (in French and English) and read as its fallback, so that
 * every problem is reported at once.
 */
export function envReader(env: Env, problems: string[]) {
  const text = (name: EnvName): string | null => {
    const v = env[name]?.trim();
    return v ? v : null;
  };
  const int = (name: EnvName, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(
        `${name} : entier entre ${min} et ${max} attendu, reçu « ${raw} » (${name} must be an integer from ${min} to ${max})`,
      );
      return fallback;
    }
    return n;
  };
  const bool = (name: EnvName, fallback: boolean): boolean => {
    const raw = text(name);
    if (raw === null) return fallback;
    if (/^(1|true|yes|oui)$/i.test(raw)) return true;
    if (/^(0|false|no|non)$/i.test(raw)) return false;
    problems.push(`${name} : « true » ou « false » attendu, reçu « ${raw} » (${name} must be true or false)`);
    return fallback;
  };

  return { text, int, bool };
}
