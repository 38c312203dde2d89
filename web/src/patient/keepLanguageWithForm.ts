import type { Language } from '@bilan/engine';
import { ApiError } from '../api/client';
import { patientApi } from '../api/patientApi';
import { patientLanguage } from '../i18n/patientLanguage';

/**
 * The form on the server reads the same language (its PDFs say which). A version that lacks it
 * (a form of an older version) keeps French: the screen goes back to French too.
 */
export async function keepLanguageWithForm(token: string, language: Language): Promise<void> {
  try {
    await patientApi.setLanguage(token, language);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'language_unavailable') patientLanguage.reset();
    else throw error;
  }
}
