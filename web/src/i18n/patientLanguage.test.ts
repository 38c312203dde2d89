import { afterEach, describe, expect, it } from 'vitest';
import { patientLanguage } from './patientLanguage';
import { t } from './translate';

// « Précédent » is a questionnaire page's (its button), « Il y a un problème » the review's.
describe('a language’s words in two parts (issue 43 §1)', () => {
  afterEach(() => patientLanguage.reset());

  it('gives a questionnaire page’s words first, the rest once asked for', async () => {
    await patientLanguage.choose('en');
    expect(patientLanguage.whole()).toBe(false);
    expect(t('Précédent')).not.toBe('Précédent');
    expect(t('Il y a un problème')).toBe('Il y a un problème');
    await patientLanguage.completeWords();
    expect(patientLanguage.whole()).toBe(true);
    expect(t('Il y a un problème')).not.toBe('Il y a un problème');
    expect(t('Précédent')).not.toBe('Précédent');
  });

  it('downloads every word before the switch while a screen that needs them is on display', async () => {
    const left = patientLanguage.needWhole();
    await patientLanguage.choose('ar');
    left();
    expect(patientLanguage.whole()).toBe(true);
    expect(t('Il y a un problème')).not.toBe('Il y a un problème');
  });

  it('is whole in French', () => {
    expect(patientLanguage.whole()).toBe(true);
  });
});
