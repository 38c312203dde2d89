import fp from 'fastify-plugin';
import { cleanJson, type CleanJsonOptions } from '../text/safeText';

/**
 * Every JSON body is cleaned before its schema is checked (text/safeText.ts): strings in NFC,
 * NUL, control characters and lone surrogates refused with 400 invalid_text. Line breaks are kept
 * only under the answers (`reponses`, `responses`), where the definition says which fields are
 * multi-line (questionnaire/answerTexts.ts); passwords are left exactly as typed (they are hashed,
 * never stored as text).
 */
const options: CleanJsonOptions = {
  multilineKeys: new Set(['reponses', 'responses']),
  skipKeys: new Set(['password', 'newPassword']),
};

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (request.body !== null && typeof request.body === 'object') cleanJson(request.body, options);
    });
  },
  { name: 'safeText' },
);
