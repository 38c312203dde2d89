import type { VersionDiff } from './api';

/** What this version changes for the person filling it in, against the previous one. */
export function DiffPanel({ diff, version }: { diff: VersionDiff; version: string }) {
  if (diff.previous === null)
    return (
      <section className="preview-panel" aria-labelledby="diff-title">
        <h2 id="diff-title">Changements</h2>
        <p>{version} est la première version de cette tranche.</p>
      </section>
    );
  const none = diff.added.length + diff.removed.length + diff.reworded.length === 0;
  return (
    <section className="preview-panel" aria-labelledby="diff-title">
      <h2 id="diff-title">Changements depuis {diff.previous}</h2>
      {none && <p>Aucune question ajoutée, retirée ni reformulée.</p>}
      {diff.added.length > 0 && (
        <>
          <h3>Questions ajoutées</h3>
          <ul data-diff="added">
            {diff.added.map((q) => (
              <li key={q.key}>
                <code>{q.key}</code> ({q.page})&nbsp;: {q.label}
              </li>
            ))}
          </ul>
        </>
      )}
      {diff.removed.length > 0 && (
        <>
          <h3>Questions retirées</h3>
          <ul data-diff="removed">
            {diff.removed.map((q) => (
              <li key={q.key}>
                <code>{q.key}</code> ({q.page})&nbsp;: {q.label}
              </li>
            ))}
          </ul>
        </>
      )}
      {diff.reworded.length > 0 && (
        <>
          <h3>Questions reformulées</h3>
          <ul data-diff="reworded">
            {diff.reworded.map((q) => (
              <li key={q.key}>
                <code>{q.key}</code> ({q.page})
                <br />
                <del>{q.before}</del>
                <br />
                <ins>{q.after}</ins>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
