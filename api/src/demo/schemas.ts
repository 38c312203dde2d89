import { answersSchema } from '../schemas';

/** What the demo screens send: the spec's `{ responses, ageGroup, userForm }`, and the bot-check ticket of the demo e-mail. */
export const demoBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    responses: answersSchema,
    // null: the submission test screen has no band yet (the answers' own band is then used).
    ageGroup: { type: ['string', 'null'], maxLength: 16 },
    userForm: {
      type: 'object',
      properties: { email: { type: 'string', maxLength: 254 }, ageGroup: { type: ['string', 'null'], maxLength: 16 } },
    },
    ticket: { type: 'string', maxLength: 200 },
  },
} as const;
