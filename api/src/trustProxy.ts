import { isIP } from 'node:net';

/**
 * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY): none (false), the nearest
 * n hops, or a list of addresses and CIDR ranges (also loopback, linklocal, uniquelocal).
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an IP address, a CIDR range, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [ip = '', bits, extra] = entry.split('/');
  const family = isIP(ip);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or false, a hop count (1 to 10), or a comma-separated list of proxy
 * addresses. "true" is refused: it would believe any X-Forwarded-For a client sends, so anyone
 * could pick the address the per-address limits count.
 */
export function trustProxyOf(raw: string | null, problems: string[]): TrustProxy {
  if (raw === null || /^(0|false|no|non)$/i.test(raw)) return false;
  if (/^(true|yes|oui|\*)$/i.test(raw)) {
    problems.push(
      `TRUST_PROXY : « ${raw} » ferait croire n'importe quel en-tête X-Forwarded-For envoyé par un client ; indiquez le nombre de proxys devant le serveur (ex. 1) ou leurs adresses (ex. 127.0.0.1,10.0.0.0/8) ` +
        '(TRUST_PROXY=true is refused: it trusts any X-Forwarded-For; give the number of proxies in front of the server, e.g. 1, or their addresses, e.g. 127.0.0.1,10.0.0.0/8)',
    );
    return false;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops <= 10) return hops;
  }
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const wrong = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || wrong.length > 0) {
    problems.push(
      `TRUST_PROXY : nombre de proxys (1 à 10) ou liste d'adresses IP ou de plages CIDR attendu, reçu « ${raw} » (TRUST_PROXY must be a hop count from 1 to 10 or a comma-separated list of proxy addresses or CIDR ranges)`,
    );
    return false;
  }
  return entries;
}
