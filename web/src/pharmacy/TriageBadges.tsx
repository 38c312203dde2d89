import { TRIAGE_LABELS, TRIAGE_LEVELS, type TriageLevel } from '@bilan/engine';

/**
 * A form's triage (D32) in words: « Urgent » and its findings, then « À voir » and theirs. Bold,
 * framed and spelt out, so that the level never rests on colour alone.
 */
export function TriageBadges({ flags }: { flags: ReadonlyArray<{ title: string; level: TriageLevel }> }) {
  return TRIAGE_LEVELS.map((level) => {
    const titles = flags.filter((f) => f.level === level).map((f) => f.title);
    if (titles.length === 0) return null;
    return (
      <p key={level} className={`triage-flag triage-flag-${level}`}>
        <strong className={`triage-badge triage-badge-${level}`}>{TRIAGE_LABELS[level]}</strong>{' '}
        <span className="triage-reasons">{titles.join(' · ')}</span>
      </p>
    );
  });
}
