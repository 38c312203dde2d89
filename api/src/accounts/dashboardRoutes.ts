import type { FastifyPluginAsync } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '../errors';
import { answerSets, documents, patients } from '../db/schema';
import { bearer, errors, pdfResponse } from '../routes/schemas';
import { writeAudit } from './auditLog';
import { exportWorkbook } from './exportWorkbook';
import { parisDay, parisMonth } from './parisDate';
import { posterPdf, qrSvg } from './poster';
import { priorityCounts } from './priorityCounts';
import { staffGuards } from './staffAuth';
import { submittedForms } from './submittedForms';

const formRecord = {
  type: 'object',
  required: ['id', '_id', 'nom', 'prenom', 'date_naissance', 'date_formulaire', 'ageGroup', 'priorityCount'],
  properties: {
    id: { type: 'integer' },
    _id: { type: 'string' },
    nom: { type: 'string' },
    prenom: { type: 'string' },
    date_naissance: { type: 'string' },
    date_formulaire: { type: 'string' },
    ageGroup: { type: 'string' },
    priorityCount: { type: 'integer', minimum: 0, description: 'Nombre de points prioritaires du bilan (comme dans Bilan.pdf)' },
  },
} as const;

// Another pharmacy's form and a form that does not exist get this same answer (D18).
const pdfNotFound = () => new ApiError(404, 'pdf_not_found', 'PDF introuvable.');

/** The pharmacist's dashboard: forms, PDFs, export, QR code and poster. Own pharmacy only. */
const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const { requirePharmacy } = staffGuards(app);
  app.addHook('onRequest', requirePharmacy);
  const staffOf = (request: { staff?: { client: { id: number; name: string; nom: string } } }) => {
    if (!request.staff) throw new ApiError(401, 'unauthenticated', 'Utilisateur non authentifié.');
    return request.staff.client;
  };

  app.get<{ Querystring: { q?: string; month?: string } }>(
    '/api/responses/grouped',
    {
      schema: {
        tags: ['tableau de bord'],
        security: bearer,
        querystring: {
          type: 'object',
          properties: { q: { type: 'string', maxLength: 100 }, month: { type: 'string', pattern: '^(\\d{4}-(0[1-9]|1[0-2]))?$' } },
        },
        response: {
          200: {
            type: 'object',
            required: ['records', 'counts', 'month'],
            properties: {
              records: { type: 'array', items: formRecord },
              counts: { type: 'object', required: ['today', 'month'], properties: { today: { type: ['integer', 'null'] }, month: { type: 'integer' } } },
              month: { type: 'string' },
            },
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const client = staffOf(request);
      const q = (request.query.q ?? '').trim().toLocaleLowerCase('fr');
      const chosen = request.query.month || null;
      const now = app.clock();
      const month = chosen ?? parisMonth(now);
      const today = parisDay(now);
      const forms = submittedForms(app.db, client.id).map((f) => ({ ...f, day: parisDay(new Date(f.submittedAt)) }));
      const listed = forms
        .filter((f) => (chosen ? f.day.startsWith(chosen) : true))
        .filter((f) => (q ? f.nom.toLocaleLowerCase('fr').includes(q) : true));
      // Only the listed rows are assessed: the counts of the whole month need no answers.
      const priorities = priorityCounts(
        app.db,
        listed.map((f) => f.answerSetId),
      );
      const records = listed.map((f) => ({
        id: f.patientId,
        _id: String(f.patientId),
        nom: f.nom,
        prenom: f.prenom,
        date_naissance: f.dateNaissance,
        date_formulaire: f.submittedAt,
        ageGroup: f.ageGroup,
        priorityCount: priorities.get(f.answerSetId) ?? 0,
      }));
      writeAudit(app, request, { action: 'list_forms', detail: { q: q || null, month: chosen, count: records.length, patientIds: records.map((r) => r.id) } });
      reply.header('Cache-Control', 'no-store');
      return {
        records,
        counts: { today: chosen ? null : forms.filter((f) => f.day === today).length, month: forms.filter((f) => f.day.startsWith(month)).length },
        month,
      };
    },
  );

  app.get<{ Params: { id: string; kind: string } }>(
    '/api/pdf-download/:id/:kind',
    {
      schema: {
        tags: ['tableau de bord'],
        security: bearer,
        params: { type: 'object', required: ['id', 'kind'], properties: { id: { type: 'string', maxLength: 20 }, kind: { type: 'string', maxLength: 20 } } },
        response: { 200: pdfResponse, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const client = staffOf(request);
      const { kind } = request.params;
      const id = /^[1-9]\d{0,15}$/.test(request.params.id) ? Number(request.params.id) : NaN;
      if (!Number.isSafeInteger(id) || (kind !== 'formulaire' && kind !== 'bilan')) throw pdfNotFound();
      const doc = app.db
        .select({ content: documents.content })
        .from(documents)
        .innerJoin(answerSets, eq(documents.answerSetId, answerSets.id))
        .innerJoin(patients, eq(answerSets.patientId, patients.id))
        .where(
          and(
            eq(patients.id, id),
            eq(patients.clientId, client.id),
            eq(answerSets.status, 'submitted'),
            eq(documents.kind, kind === 'formulaire' ? 'questionnaire' : 'bilan'),
          ),
        )
        .get();
      if (!doc) throw pdfNotFound();
      writeAudit(app, request, { action: kind === 'formulaire' ? 'download_formulaire' : 'download_bilan', patientId: id });
      const filename = kind === 'formulaire' ? 'Questionnaire.pdf' : 'Bilan.pdf';
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .type('application/pdf')
        .send(doc.content);
    },
  );

  app.get(
    '/api/utilisateurs/export',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['tableau de bord'],
        security: bearer,
        response: {
          200: {
            description: 'Classeur Excel (une feuille par tranche d’âge)',
            content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => {
      const client = staffOf(request);
      const { stream, rows } = exportWorkbook(app.db, client.id);
      writeAudit(app, request, { action: 'export', detail: { rows } });
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'attachment; filename="donnees_utilisateurs.xlsx"')
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(stream);
    },
  );

  const patientLink = (name: string) => `${app.config.publicUrl}/${encodeURIComponent(name)}/userform`;

  app.get('/api/dashboard/qrcode.svg', { schema: { tags: ['tableau de bord'], security: bearer, response: errors(401, 403) } }, async (request, reply) => {
    const client = staffOf(request);
    return reply.header('Cache-Control', 'private, no-cache').type('image/svg+xml; charset=utf-8').send(await qrSvg(patientLink(client.name)));
  });

  app.get(
    '/api/dashboard/poster.pdf',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { tags: ['tableau de bord'], security: bearer, response: { 200: pdfResponse, ...errors(401, 403) } } },
    async (request, reply) => {
      const client = staffOf(request);
      return reply
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Disposition', 'attachment; filename="Affiche_QR_code.pdf"')
        .type('application/pdf')
        .send(await posterPdf(client.nom, patientLink(client.name)));
    },
  );
};

export default dashboardRoutes;
