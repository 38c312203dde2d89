import { normalizeIP } from '@fastify/rate-limit';

/**
 * The key of a client address for per-address limits: the address Fastify derives (through the
 * proxies of TRUST_PROXY only), an IPv4-mapped IPv6 address as IPv4, and an IPv6 address as its
 * /64: one subscriber usually holds a whole /64 and can pick any address in it. The same
 * grouping as the route limits of @fastify/rate-limit (its default key), for the login limiter.
 */
export function addressGroup(address: string): string {
  return normalizeIP(address, 64);
}
