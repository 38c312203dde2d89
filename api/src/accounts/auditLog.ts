import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditLog, type AuditLogRow } from '../db/accountsSchema';

/** D18: records one read of health data by a staff member (who, what, when, from where). */
export function writeAudit(
  app: FastifyInstance,
  request: FastifyRequest,
  entry: { action: AuditLogRow['action']; patientId?: number | null; detail?: Record<string, unknown> },
): void {
  const actor = request.staff?.client.id;
  if (actor === undefined) throw new Error('audit without an authenticated staff member');
  app.db
    .insert(auditLog)
    .values({
      actorClientId: actor,
      action: entry.action,
      patientId: entry.patientId ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      ip: request.ip,
      createdAt: app.clock().toISOString(),
    })
    .run();
}
