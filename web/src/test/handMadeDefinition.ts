import { resolveDefinition, type Definition, type DefinitionFile } from '@bilan/engine';

const BANDS = {
  '18to25': { code: '18to25', label: '18-25 ans', minAge: 18, maxAge: 25 },
  '45to50': { code: '45to50', label: '45-50 ans', minAge: 45, maxAge: 50 },
} as const;

/**
 * A small hand-made definition for the renderer's tests, resolved: they prove the renderer, not
 * the content of the real questionnaires, so they do not move when a question is reworded.
 */
export function handMadeDefinition(id: string, band: keyof typeof BANDS, pages: DefinitionFile['pages']): Definition {
  return resolveDefinition({ id, version: '1.0.0', band: BANDS[band], title: 'Questionnaire de test', pages }, {});
}
