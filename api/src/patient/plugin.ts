import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors';
import { invalidToken, verifyBearer } from '../plugins/auth';
import { startStep } from '../plugins/db';
import { patientRepository } from './repository';
import patientRoutes from './routes';
import { patientService } from './service';
import { sealSocialSecurityNumbers } from './sealSocialSecurityNumbers';
import { ssnSealerOf } from './ssnSealer';

/** Claims of a patient token: limited to that patient's own record. */
interface PatientTokenPayload {
  kind: 'patient';
  sub: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Patients, their registration and their form (page saves, the submission). */
    patientRepository: ReturnType<typeof patientRepository>;
    patientService: ReturnType<typeof patientService>;
    /** A patient token limited to that patient's own record. */
    signPatientToken: (patientId: number) => string;
  }
  interface FastifyContextConfig {
    /** The resume route (D39): the one patient route a paused token may call. */
    resumesPause?: boolean;
  }
  interface FastifyRequest {
    /** Set by requirePatient. */
    patientId?: number;
  }
}

/**
 * The patient: the repository and service of registration and of the patient's own form, the
 * patient token and its guard, and the routes.
 */
export default fp(
  async (app) => {
    // Social security numbers stored in clear by an earlier version, or under the previous key,
    // are sealed under the current key before the app serves.
    await startStep(app.store, async () => {
      const sealing = await sealSocialSecurityNumbers(app.store, ssnSealerOf(app.config));
      if (sealing.sealed > 0) {
        app.log.info({ sealed: sealing.sealed }, 'numéros de sécurité sociale chiffrés sous la clé en cours');
        // The pages that held them in clear leave the write-ahead log (secure_delete zeroes the file's).
        if (app.store.dialect === 'sqlite') app.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      }
      if (sealing.unreadable > 0)
        app.log.warn(
          { unreadable: sealing.unreadable },
          'numéros de sécurité sociale chiffrés sous une clé inconnue\u00a0: donnez l’ancienne clé dans SSN_ENCRYPTION_KEY_PREVIOUS (sealed under an unknown key)',
        );
    });
    app.decorate('patientRepository', patientRepository(app.store));
    app.decorate('patientService', patientService(app));
    app.decorate('signPatientToken', (patientId: number) =>
      app.jwt.sign({ kind: 'patient', sub: patientId } satisfies PatientTokenPayload, {
        expiresIn: app.config.patientTokenTtl,
      }),
    );
    // D23: a patient's session ends with the finishing call. Checked before any answer is read,
    // on every route that takes a patient token; a purged patient's token is no session either.
    app.decorate('requirePatient', async (request: FastifyRequest) => {
      const payload = await verifyBearer(request);
      if (payload.kind !== 'patient' || typeof payload.sub !== 'number' || !Number.isInteger(payload.sub))
        throw invalidToken();
      const presence = await app.patientRepository.formPresence(payload.sub);
      if (presence === undefined) throw apiError(401, 'session_expired');
      if (presence.status === 'submitted') throw apiError(401, 'form_submitted');
      // D39: after a pause, the token alone reads and writes nothing; the day and month of birth
      // (the resume route, which the pause lets through) open the form again.
      const pausedFor = app.clock().getTime() - Date.parse(presence.activeAt);
      if (pausedFor > app.config.patientPauseSeconds * 1000 && request.routeOptions.config.resumesPause !== true)
        throw apiError(401, 'resume_required');
      request.patientId = payload.sub;
    });
    await app.register(patientRoutes);
  },
  {
    name: 'patient',
    dependencies: ['config', 'db', 'auth', 'access', 'mailer', 'accounts', 'admin', 'botCheck', 'reports'],
  },
);
