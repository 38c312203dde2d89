import { eligibleAgesText, type BandCode } from '@bilan/engine';
import { bands } from '../questionnaire/versions';
import { durationText } from '../questionnaire/durationText';

/**
 * Before starting, what it takes (issue 34): how long (from the band's definition, once the date
 * of birth tells it), the vaccination record to have at hand, and that no answer is compulsory.
 */
export function StartPanel({ band }: { band: BandCode | null }) {
  return (
    <section className="start-panel notice" aria-labelledby="start-panel-title">
      <h2 id="start-panel-title">Avant de commencer</h2>
      <ul>
        <li>
          <strong>{durationText(band)}</strong>, à votre rythme{'\u00a0'}: vos réponses sont enregistrées à chaque page.
        </li>
        <li>Munissez-vous de votre carnet de vaccination si vous l’avez.</li>
        <li>
          Aucune réponse du questionnaire n’est obligatoire{'\u00a0'}: vous pouvez laisser une question sans réponse.
        </li>
        <li>Le bilan s’adresse aux {eligibleAgesText(bands)}.</li>
      </ul>
    </section>
  );
}
