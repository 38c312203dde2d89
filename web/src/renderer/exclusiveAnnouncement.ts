import type { ExclusiveChange } from '@bilan/engine';
import { frenchList } from '../ui/frenchList';

const quoted = (label: string) => `«\u00a0${label}\u00a0»`;

/**
 * What a screen reader hears, politely, when ticking a box unticked others of its group (D25):
 * "Vous avez coché « Aucune de ces maladies » : les cases « Diabète » et « Cancer » ont été
 * décochées."
 */
export function exclusiveAnnouncement(change: ExclusiveChange): string {
  const label = (key: string) => quoted(change.group.boxes.find((box) => box.key === key)?.label ?? key);
  const unticked = change.unticked.map(label);
  const list = frenchList(unticked);
  const what = unticked.length > 1 ? `les cases ${list} ont été décochées` : `la case ${list} a été décochée`;
  return `Vous avez coché ${label(change.ticked)}\u00a0: ${what}.`;
}
