import type { BandCode } from '@bilan/engine';
import { ageRanges } from './ageRanges';
import { durationText } from '../questionnaire/durationText';
import { t } from '../i18n/translate';

/**
 * Before starting, what it takes (issue 34): how long (from the band's definition, once the date
 * of birth tells it), the vaccination record to have at hand, and that no answer is compulsory.
 */
export function StartPanel({ band }: { band: BandCode | null }) {
  return (
    <section className="start-panel notice" aria-labelledby="start-panel-title">
      <h2 id="start-panel-title">{t('Avant de commencer')}</h2>
      <ul>
        <li>
          <strong>{durationText(band)}</strong>
          {t(', à votre rythme\u00a0: vos réponses sont enregistrées à chaque page.')}
        </li>
        <li>{t('Munissez-vous de votre carnet de vaccination si vous l’avez.')}</li>
        <li>
          {t('Aucune réponse du questionnaire n’est obligatoire\u00a0: vous pouvez laisser une question sans réponse.')}
        </li>
        <li>{t('Le bilan s’adresse aux {ranges}\u00a0ans.', { ranges: ageRanges() })}</li>
      </ul>
    </section>
  );
}
