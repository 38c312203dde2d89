import { DUE_STATUS_LABELS, LEVEL_LABELS, reasonsLine, type Definition, type Report } from '@bilan/engine';

/**
 * The Bilan of the answers shown (a fixture's, or those typed in the preview), as the engine's
 * reportOf gives it to Bilan.pdf: findings by level with why, the scores, what is due.
 */
export function ReportPanel({ definition, report }: { definition: Definition; report: Report }) {
  const { phq2, gad2, bmi } = report.scores;
  const score = (s: typeof phq2) =>
    s.total === null ? 'non évaluable' : `${s.total}${s.positive ? ' (positif)' : ''}`;
  return (
    <section className="preview-panel" aria-labelledby="bilan-title">
      <h2 id="bilan-title">Bilan</h2>
      <p className="preview-small">
        {report.context.age}&nbsp;ans{report.context.sex ? `, ${report.context.sex}` : ''} · PHQ-2&nbsp;: {score(phq2)}{' '}
        · GAD-2&nbsp;: {score(gad2)} · IMC&nbsp;: {bmi.status === 'evaluated' ? bmi.value : 'non évaluable'}
      </p>
      {report.findings.length === 0 ? (
        <p>Aucun constat pour ces réponses.</p>
      ) : (
        <ul className="preview-findings">
          {report.findings.map((finding) => (
            <li key={finding.id} data-finding={finding.id}>
              <strong>{finding.title}</strong> <span className="preview-level">{LEVEL_LABELS[finding.level]}</span>
              <br />
              <span className="preview-small">{reasonsLine(definition, finding.reasons)}</span>
            </li>
          ))}
        </ul>
      )}
      {report.due.length > 0 && (
        <>
          <h3>Vaccins et dépistages</h3>
          <ul className="preview-findings">
            {report.due.map((item) => (
              <li key={item.id}>
                {item.title} — {DUE_STATUS_LABELS[item.status]}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
