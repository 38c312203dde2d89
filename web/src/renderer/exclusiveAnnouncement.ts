import type { ExclusiveChange } from '@bilan/engine';

const quoted = (label: string) => `«\u00a0${label}\u00a0»`;

/**
 * What a screen reader hears, politely, when ticking a box unticked others of its group (D25):
 * "Vous avez coché « Aucune de ces maladies » : les cases « Diabète » et « Cancer » ont été
 * décochées."
 */
export function exclusiveAnnouncement(change: ExclusiveChange): string {
  const label = (key: string) => quoted(change.group.boxes.find((box) => box.key === key)?.label ?? key);
  const unticked = change.unticked.map(label);
  const list = unticked.length > 1 ? `${unticked.slice(0, -1).join(', ')} et ${unticked.at(-1) ?? ''}` : (unticked[0] ?? '');
  const what = unticked.length > 1 ? `les cases ${list} ont été décochées` : `la case ${list} a été décochée`;
  return `Vous avez coché ${label(change.ticked)}\u00a0: ${what}.`;
}
