import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { addressGroup } from './clientAddress';

describe('addressGroup', () => {
  it('groups IPv6 addresses by /64, whatever their spelling', () => {
    expect(addressGroup('2001:db8:1:2::1')).toBe(addressGroup('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'));
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
  });

  it('keeps IPv4 addresses, and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('per-address limits of the app', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Statuses of 21 registrations (limit: 20 a minute per address), each sent as `from(i)` says. */
  async function statuses(
    from: (i: number) => { remoteAddress: string; headers?: Record<string, string> },
  ): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await (t as TestApp).app.inject({
        method: 'POST',
        url: '/api/utilisateur/create',
        payload: {},
        ...from(i),
      });
      out.push(res.statusCode);
    }
    return out;
  }

  it('count an IPv6 /64 as one address', async () => {
    t = await buildTestApp();
    const sameSubnet = await statuses((i) => ({ remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}` }));
    expect(sameSubnet.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(sameSubnet[20]).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: {},
      remoteAddress: '2001:db8:1:3::1',
    });
    expect(other.statusCode).toBe(400);
  });

  it('believe X-Forwarded-For from the listed proxies only (TRUST_PROXY=127.0.0.1)', async () => {
    t = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    const viaProxy = await statuses((i) => ({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    }));
    expect(viaProxy).not.toContain(429);
    const direct = await statuses((i) => ({
      remoteAddress: '198.51.100.9',
      headers: { 'x-forwarded-for': `203.0.113.${i + 100}` },
    }));
    expect(direct[20]).toBe(429);
  });

  it('believe only the nearest hops with a hop count (TRUST_PROXY=1)', async () => {
    t = await buildTestApp({ config: { trustProxy: 1 } });
    // A client may write anything on the left of the header; the proxy appends the address it saw.
    const spoofed = await statuses((i) => ({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `10.0.0.${i + 1}, 203.0.113.50` },
    }));
    expect(spoofed[20]).toBe(429);
    const distinct = await statuses((i) => ({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `10.0.0.1, 198.51.100.${i + 1}` },
    }));
    expect(distinct).not.toContain(429);
  });
});
