import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export type Handler = (call: RecordedCall) => [number, unknown];

/**
 * A stand-in for the API at the fetch boundary of component tests (the end-to-end tests run the
 * real server). Unknown paths answer 404 with the API's error body.
 */
export function fakeApi(routes: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: input,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    const handler = routes[`${call.method} ${input}`];
    if (handler === undefined) return json(404, { code: 'not_found', message: 'Introuvable', error: 'Introuvable' });
    const [status, payload] = handler(call);
    if (status === 0) throw new TypeError('Failed to fetch');
    return json(status, payload);
  });
  return calls;
}

function json(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
}
