// Same-origin calls to the API (D11). Every failure becomes an ApiError carrying the server's
// stable code and French message, so pages choose their catalogue text from the code.

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** A 429's Retry-After, in seconds: when the refusal ends. */
  retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = undefined;
  }

  /** True when the request never got an answer (offline, server down). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    const error = new ApiError(0, 'network', 'Impossible de communiquer avec le serveur.');
    error.cause = cause;
    throw error;
  }
  if (!response.ok) {
    const error = await errorFrom(response);
    const retryAfter = Number(response.headers.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfterSeconds = retryAfter;
    throw error;
  }
  return response;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown; error?: unknown; details?: unknown };
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : text;
    const code = typeof body.code === 'string' ? body.code : `http_${response.status}`;
    return new ApiError(response.status, code, message, body.details);
  } catch {
    return new ApiError(response.status, `http_${response.status}`, text || response.statusText);
  }
}

/** A JSON call; resolves with the parsed body (undefined for 204). */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A call answering with a file (PDF, spreadsheet). */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}
