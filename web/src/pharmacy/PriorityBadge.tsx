/**
 * « À voir en priorité » and why, in words (the report's priority findings). Bold, framed and
 * spelt out, so the emphasis does not rest on colour alone.
 */
export function PriorityBadge({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <p className="priority-flag">
      <strong className="priority-badge">À voir en priorité</strong>{' '}
      <span className="priority-reasons">{reasons.join(' · ')}</span>
    </p>
  );
}
