import { vi } from 'vitest';

export interface Call {
  url: string;
  method: string;
  body: unknown;
  auth: string | null;
  /** The web app's X-Bilan-Client header (api/client.ts sends it on every call). */
  client: string | null;
}

type Responder = (call: Call) => Response | Promise<Response>;

/** Replaces fetch by a table of answers keyed by "METHOD path" (query string ignored). */
export function stubFetch(routes: Record<string, Responder>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      auth: headers.Authorization ?? null,
      client: headers['X-Bilan-Client'] ?? null,
    };
    calls.push(call);
    const key = `${call.method} ${call.url.split('?')[0]}`;
    const responder = routes[key];
    if (!responder)
      return new Response(JSON.stringify({ code: 'not_found', message: 'Ressource introuvable.' }), { status: 404 });
    return responder(call);
  });
  return calls;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
