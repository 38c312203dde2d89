import type { ExclusiveChange } from '@bilan/engine';
import { listOf } from '../i18n/listOf';
import { t } from '../i18n/translate';

const quoted = (label: string) => t('«\u00a0{text}\u00a0»', { text: label });

/**
 * What a screen reader hears, politely, when ticking a box unticked others of its group (D25):
 * "Vous avez coché « Aucune de ces maladies » : les cases « Diabète » et « Cancer » ont été
 * décochées."
 */
export function exclusiveAnnouncement(change: ExclusiveChange): string {
  const label = (key: string) => quoted(change.group.boxes.find((box) => box.key === key)?.label ?? key);
  const unticked = change.unticked.map(label);
  const list = listOf(unticked);
  return unticked.length > 1
    ? t('Vous avez coché {ticked}\u00a0: les cases {list} ont été décochées.', { ticked: label(change.ticked), list })
    : t('Vous avez coché {ticked}\u00a0: la case {list} a été décochée.', { ticked: label(change.ticked), list });
}
