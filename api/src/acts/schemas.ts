// JSON schemas of the acts' routes (issue 40).
import { allRequired, integerSchema, list, nullableText, text } from '../schemas';

const status = { type: 'string', enum: ['realise', 'a_facturer', 'facture', 'annule'] } as const;

/** An act as the pharmacist's pages read it. */
export const actSchema = allRequired({
  id: integerSchema,
  code: text(10),
  amountCents: integerSchema,
  amount: text(20),
  performedAt: text(32),
  band: text(20),
  bandLabel: text(100),
  status: { ...status, description: 'realise, a_facturer, facture, ou annule pour un acte annulé' },
  statusLabel: text(20),
  billingStatus: { type: 'string', enum: ['realise', 'a_facturer', 'facture'] },
  next: {
    type: ['string', 'null'],
    enum: ['a_facturer', 'facture', null],
    description: 'Le statut suivant, null pour un acte facturé ou annulé',
  },
  reference: nullableText(100),
  cancelledAt: nullableText(32),
  cancelReason: nullableText(500),
});

export const formActsSchema = allRequired({
  acts: list(actSchema, 1000),
  department: { ...nullableText(3), description: 'Département de la pharmacie, null tant qu’il n’est pas indiqué' },
  amount: { ...nullableText(20), description: 'Montant de l’acte pour ce département («\u00a030,00\u00a0€\u00a0»)' },
});

export const actParams = {
  type: 'object',
  required: ['actId'],
  properties: { actId: { type: 'string', maxLength: 20 } },
} as const;

export const statusBody = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['a_facturer', 'facture', 'realise'] },
    reference: { type: ['string', 'null'], maxLength: 100 },
  },
} as const;

export const cancelBody = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 500 } },
} as const;

export const exportQuery = {
  type: 'object',
  required: ['month'],
  additionalProperties: false,
  properties: {
    month: {
      type: 'string',
      maxLength: 7,
      pattern: '^20\\d{2}-(0[1-9]|1[0-2])$',
      description: 'Mois (AAAA-MM, heure de Paris)',
    },
    format: { type: 'string', enum: ['xlsx', 'csv'] },
  },
} as const;
