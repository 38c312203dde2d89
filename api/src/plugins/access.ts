import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../errors';
import { errorRef } from '../schemas';

/**
 * Who may call a route:
 * - public: anyone (the login and sign-up steps carry their own proof: password, invitation, link);
 * - public-bot-check: anyone with a solved bot check (a ticket from POST /api/verify-recaptcha);
 * - patient: a patient token whose form is in progress;
 * - patient-or-dev-tools: a patient token when one is sent (that patient's record); without one, a
 *   demo PDF for the developer test screen, only when DEV_TOOLS is on (otherwise the JSON 404 of an
 *   unknown route: rendering PDFs for anyone is a cost nobody needs in production);
 * - second-factor: the temporary token between the password and the e-mailed code;
 * - staff: a staff session of any role; pharmacy: of a pharmacy; admin: of an admin; none of
 *   them while the session is locked (patient mode, D40: 423 session_locked);
 * - staff-even-locked: a staff session of any role, locked or not (the unlock and the logout of a
 *   device in patient mode);
 * - dev-tools: anyone, and the route exists only when DEV_TOOLS is on (config.devTools).
 */
export type Access =
  | 'public'
  | 'public-bot-check'
  | 'patient'
  | 'patient-or-dev-tools'
  | 'second-factor'
  | 'staff'
  | 'staff-even-locked'
  | 'pharmacy'
  | 'admin'
  | 'dev-tools';

/** The decision of a route: its own (config.access), the API documentation and the web app's files being public. */
function accessOf(route: RouteOptions): Access | undefined {
  const { url } = route;
  if (!url.startsWith('/api/') && url !== '/api') return route.config?.access ?? 'public';
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return 'public';
  return route.config?.access;
}

/** A guard: resolves when the request may go on, throws the ApiError that answers it otherwise. */
export type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, declared beside it: required under /api (the start stops without it). */
    access?: Access;
  }
  interface FastifyInstance {
    /** The decision applied to each registered route (`METHOD /url`), for the tests and the documentation. */
    accessDecisions: Map<string, Access>;
    /**
     * The guards of the decisions, each decorated by the feature that owns its kind of token:
     * requirePatient by patient/ (sets request.patientId), the others by accounts/ (request.mfa,
     * request.staff). Called at request time, so the features register after this plugin.
     */
    requirePatient: Guard;
    requireSecondFactor: Guard;
    requireStaff: Guard;
    requireStaffEvenLocked: Guard;
    requirePharmacy: Guard;
    requireAdmin: Guard;
  }
}

/**
 * The OpenAPI security requirement of each decision (each kind of token its own scheme, declared
 * in plugins/docs.ts): the document says what the guards enforce, from the same decision.
 */
function securityOf(access: Access, devTools: boolean): Record<string, string[]>[] {
  switch (access) {
    case 'patient':
      return [{ patientToken: [] }];
    // Without a token only for the developer test screen, which production does not have.
    case 'patient-or-dev-tools':
      return devTools ? [{ patientToken: [] }, {}] : [{ patientToken: [] }];
    case 'second-factor':
      return [{ secondFactorToken: [] }];
    // The web app's staff session is the HttpOnly cookie of either role (D36).
    case 'staff':
    case 'staff-even-locked':
      return [{ pharmacistToken: [] }, { adminToken: [] }, { staffSession: [] }];
    case 'pharmacy':
      return [{ pharmacistToken: [] }, { staffSession: [] }];
    case 'admin':
      return [{ adminToken: [] }, { staffSession: [] }];
    default:
      return [];
  }
}

/** A solved bot check: its ticket must be live (the service spends it with what it stores). */
function botTicketGuard(app: FastifyInstance): Guard {
  return async (request) => {
    const ticket = (request.body as { ticket?: unknown } | undefined)?.ticket;
    if (typeof ticket !== 'string' || ticket === '' || !(await app.botCheck.isTicketValid(ticket))) {
      throw new ApiError(400, 'bot_check_failed', app.botCheck.failureMessage);
    }
  };
}

/** The hooks a decision installs: on request (before the body is read) or before the handler (after its validation). */
function guardsOf(app: FastifyInstance, access: Access): { onRequest?: Guard; preHandler?: Guard } {
  switch (access) {
    case 'patient':
      return { onRequest: (r) => app.requirePatient(r) };
    case 'staff':
      return { onRequest: (r) => app.requireStaff(r) };
    case 'staff-even-locked':
      return { onRequest: (r) => app.requireStaffEvenLocked(r) };
    case 'pharmacy':
      return { onRequest: (r) => app.requirePharmacy(r) };
    case 'admin':
      return { onRequest: (r) => app.requireAdmin(r) };
    // After the body's validation, as these routes always did: a malformed body is a 400 whatever the token.
    case 'second-factor':
      return { preHandler: (r) => app.requireSecondFactor(r) };
    case 'patient-or-dev-tools':
      return {
        onRequest: async (r) => {
          if (!r.headers.authorization && !app.config.devTools) throw new ApiError(404, 'not_found');
        },
        preHandler: async (r) => (r.headers.authorization ? app.requirePatient(r) : undefined),
      };
    case 'public-bot-check':
      return { preHandler: botTicketGuard(app) };
    default:
      return {};
  }
}

/** The decisions a locked staff session is refused on. */
const LOCKABLE = new Set<Access>(['staff', 'pharmacy', 'admin']);

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Installs each route's guards from its decision as the route is added; an API route with none stops the start. */
export default fp(
  async (app) => {
    const decisions = new Map<string, Access>();
    app.decorate('accessDecisions', decisions);
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = asList(route.method);
      const access = accessOf(route);
      if (access === undefined) {
        throw new Error(
          `Route sans décision d'accès : ${methods.join(',')} ${route.url} — déclarez config.access sur la route (route without an access decision)`,
        );
      }
      if (access === 'dev-tools' && !app.config.devTools) {
        throw new Error(
          `Route des outils de développement enregistrée sans DEV_TOOLS : ${methods.join(',')} ${route.url}`,
        );
      }
      for (const method of methods) decisions.set(`${method} ${route.url}`, access);
      route.schema = { ...route.schema, security: securityOf(access, app.config.devTools) };
      // Every route a locked session is refused on says so in the document (D40).
      if (LOCKABLE.has(access) && route.schema.response)
        route.schema.response = { ...(route.schema.response as object), 423: errorRef };
      const guards = guardsOf(app, access);
      if (guards.onRequest)
        route.onRequest = [...asList(route.onRequest), guards.onRequest] as RouteOptions['onRequest'];
      if (guards.preHandler)
        route.preHandler = [...asList(route.preHandler), guards.preHandler] as RouteOptions['preHandler'];
    });
  },
  { name: 'access', dependencies: ['config'] },
);
