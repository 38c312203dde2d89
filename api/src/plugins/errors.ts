import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyError } from 'fastify';
import type {} from '@fastify/static';
import { ApiError, errorMessages, type ErrorBody } from '../errors';

interface ValidationIssue {
  path: string;
  message: string;
}

function body(code: string, message: string, details?: unknown): ErrorBody {
  return { code, message, error: message, ...(details === undefined ? {} : { details }) };
}

/**
 * Issues a refused body's answer lists: a body of 20,000 unknown keys gave 20,000 (megabytes of
 * JSON for one request of 209 KB, issue 41). The first ones name the fault; the count says the rest.
 */
const MAX_DETAILS = 20;

function validationBody(issues: ValidationIssue[]): ErrorBody & { detailsCount?: number } {
  return {
    ...body('invalid_request', errorMessages.invalid_request, issues.slice(0, MAX_DETAILS)),
    ...(issues.length > MAX_DETAILS ? { detailsCount: issues.length } : {}),
  };
}

/** Fastify's own failures by code: stable codes and French messages instead of its English. */
function fromFastifyError(err: FastifyError): { status: number; body: ErrorBody } | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: body('payload_too_large', errorMessages.payload_too_large) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: body('unsupported_media_type', errorMessages.unsupported_media_type) };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: body('invalid_request', errorMessages.invalid_request) };
    default:
      return null;
  }
}

/**
 * One error shape everywhere: `{ code, message, error, details? }`, French messages, 404 JSON under
 * /api, and the single-page app's index.html for the other GET routes when the web is built.
 */
export default fp(
  async (app) => {
    app.setSchemaErrorFormatter((errors, dataVar) => {
      const details: ValidationIssue[] = errors.slice(0, MAX_DETAILS).map((e) => ({
        path: `${dataVar}${e.instancePath}${e.keyword === 'required' ? `/${String((e.params as { missingProperty?: string }).missingProperty ?? '')}` : ''}`,
        message: e.message ?? e.keyword,
      }));
      return new ApiError(
        400,
        'invalid_request',
        errorMessages.invalid_request,
        details,
        errors.length > MAX_DETAILS ? { detailsCount: errors.length } : undefined,
      );
    });

    app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
      if (err instanceof ApiError) {
        if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
        if (err.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
        return reply.code(err.statusCode).send(err.body());
      }
      const e = err as FastifyError & { code?: string; statusCode?: number; error?: string };
      if (e.code === 'rate_limited' && e.statusCode === 429) {
        return reply.code(429).send(body('rate_limited', errorMessages.rate_limited));
      }
      if (e.validation) {
        return reply
          .code(400)
          .send(validationBody(e.validation.map((v) => ({ path: v.instancePath, message: v.message ?? '' }))));
      }
      const mapped = fromFastifyError(e);
      if (mapped) return reply.code(mapped.status).send(mapped.body);
      const status = e.statusCode ?? 500;
      if (status === 400) return reply.code(400).send(body('invalid_request', errorMessages.invalid_request));
      if (status === 404) return reply.code(404).send(body('not_found', errorMessages.not_found));
      if (status >= 400 && status < 500) {
        return reply
          .code(status)
          .send(body(String(e.code ?? 'request_refused').toLowerCase(), errorMessages.invalid_request));
      }
      request.log.error({ err }, 'unexpected error');
      return reply.code(500).send(body('internal_error', errorMessages.internal_error));
    });

    const index = join(app.config.webDist, 'index.html');
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      // The API and the metrics' path (served only on METRICS_PORT) are never the web app.
      const isApi = path === '/api' || path.startsWith('/api/') || path === '/metrics' || path.startsWith('/metrics/');
      if (
        !isApi &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        typeof reply.sendFile === 'function' &&
        existsSync(index)
      ) {
        return reply.type('text/html; charset=utf-8').sendFile('index.html', app.config.webDist);
      }
      return reply.code(404).send(body('not_found', errorMessages.not_found));
    });

    // Answers, identities and PDFs are health data: no API response is kept by any cache.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs'))
        reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'errors', dependencies: ['config'] },
);
