import {
  assessmentOf,
  bmiNotEvaluable,
  BMI_CATEGORY_LABELS,
  bmiThresholdsNote,
  checkedOnLine,
  editionsLine,
  formatNumber,
  dueStatusLabel,
  LEVEL_LABELS,
  reasonsLine,
  SCORE_LABELS,
  SCORE_STATUS_LABELS,
  sourceLine,
  THEMES,
  THEME_LABELS,
  upcomingLine,
  type Definition,
  type DueStatus,
  type Finding,
  type Level,
  type Report,
  type ScoreResult,
  textWithPhones,
} from '@bilan/engine';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { baseDocument, identityTable, withPhoneLinks } from './layout';
import type { PdfInput } from './types';

const ACCENT = { priority: '#b71c1c', attention: '#e65100', information: '#00695c' } satisfies Record<Level, string>;

/** A finding: its title, its advice, why it appears (the answers or measures) and its source (D20, issue 16). */
function findingBlock(definition: Definition, finding: Finding): Content {
  return {
    unbreakable: true,
    margin: [0, 0, 0, 8],
    stack: [
      {
        text: [
          { text: `${LEVEL_LABELS[finding.level]} · `, color: ACCENT[finding.level], bold: true },
          { text: finding.title, bold: true },
        ],
      },
      { text: withPhoneLinks(textWithPhones(finding.advice, finding.phones)), margin: [0, 2, 0, 1] },
      { text: reasonsLine(definition, finding.reasons), style: 'small' },
      { text: sourceLine(finding.source), style: 'small' },
    ],
  };
}

/** Findings of one level, grouped under their theme in the report's theme order. */
function findingsByTheme(definition: Definition, findings: Finding[]): Content[] {
  const content: Content[] = [];
  for (const theme of THEMES) {
    const ofTheme = findings.filter((f) => f.theme === theme);
    if (ofTheme.length === 0) continue;
    content.push({ text: THEME_LABELS[theme], style: 'h3' }, ...ofTheme.map((f) => findingBlock(definition, f)));
  }
  return content;
}

function scoreBlock(name: string, score: ScoreResult, note: string): Content {
  if (!score.available) {
    return {
      text: `${name}\u00a0: non évaluable (ce questionnaire ne pose pas les deux questions de ce score).`,
      style: 'blank',
    };
  }
  const total =
    score.total === null
      ? 'non évaluable (une réponse manque)'
      : `${score.total} / 6 — ${SCORE_STATUS_LABELS[score.status]}`;
  return {
    unbreakable: true,
    margin: [0, 0, 0, 8],
    stack: [
      { text: [{ text: `${name}\u00a0: `, bold: true }, total] },
      {
        ul: score.items.map((item) => ({
          text: [
            `${item.label} `,
            { text: item.answer ?? 'sans réponse', bold: true },
            item.points === null ? '' : ` (${item.points} ${item.points > 1 ? 'points' : 'point'})`,
          ],
        })),
        margin: [0, 2, 0, 2],
      },
      { text: note, style: 'small' },
    ],
  };
}

function bmiBlock(report: Report, definition: Definition): Content[] {
  const { bmi } = report.scores;
  if (bmi.status !== 'evaluated') return [{ text: `${bmiNotEvaluable(bmi.status)}.`, style: 'blank' }];
  const lines: Content[] = [
    {
      text: [
        { text: 'Indice de masse corporelle — ', bold: true },
        `IMC\u00a0: ${formatNumber(bmi.value)}\u00a0kg/m² (${BMI_CATEGORY_LABELS[bmi.category]})`,
      ],
    },
    // Issue 31: the BMI block comments on nothing; the findings that read the BMI do, once.
    { text: bmiThresholdsNote(assessmentOf(definition)?.undernutrition), style: 'small' },
  ];
  return lines;
}

const DUE_COLOUR = {
  due: '#b71c1c',
  seasonal: '#b71c1c',
  upToDate: '#00695c',
  unknown: '#555555',
  askDoctor: '#555555',
  postponed: '#555555',
} as const satisfies Record<DueStatus, string>;

/** What becomes due at the next birthday (issue 31), under the list of what is due now. */
function upcomingBlock(report: Report): Content[] {
  return report.upcoming ? [{ text: upcomingLine(report.upcoming), bold: true, margin: [0, 2, 0, 6] }] : [];
}

function dueList(report: Report, definition: Definition): Content[] {
  if (report.due.length === 0)
    return [
      {
        text: 'Aucun rappel de vaccin ni dépistage organisé attendu à votre âge d’après vos réponses.',
        style: 'blank',
      },
      ...upcomingBlock(report),
    ];
  const items: Content[] = report.due.map((item) => ({
    unbreakable: true,
    margin: [0, 0, 0, 6],
    stack: [
      {
        text: [
          { text: item.title, bold: true },
          ' — ',
          { text: dueStatusLabel(item), bold: true, color: DUE_COLOUR[item.status] },
        ],
      },
      { text: `Recommandation\u00a0: ${item.schedule}.` },
      { text: reasonsLine(definition, item.reasons), style: 'small' },
      { text: sourceLine(item.source), style: 'small' },
    ],
  }));
  return [...items, ...upcomingBlock(report)];
}

function writingLines(count: number, height: number): Content {
  return {
    table: {
      widths: ['*'],
      heights: Array.from({ length: count }, () => height),
      body: Array.from({ length: count }, (_, i) => [`${i + 1}.`]),
    },
    layout: { hLineColor: () => '#999999', vLineColor: () => '#ffffff' },
  };
}

/**
 * Under the age: the editions of the texts the printed points were compared with (D42); a version
 * whose sources do not name them prints, as it always did, the day its rules were checked.
 */
function referencesLine(report: Report): Content[] {
  if (report.editions)
    return report.editions.length > 0 ? [{ text: editionsLine(report.editions), style: 'small' }] : [];
  return report.checkedOn ? [{ text: checkedOnLine(report.checkedOn), style: 'small' }] : [];
}

/**
 * Bilan.pdf as a personalised prevention plan (D20): identity; the priorities first; then the
 * points to watch and for information, theme by theme, each with its advice and its source in
 * small type; the scores with their items; what is due; the patient's own topics and words;
 * room for the objectives agreed at the counter, the pharmacist's notes and signature.
 */
export function reportDocDefinition(report: Report, input: PdfInput): TDocumentDefinitions {
  const byLevel = (level: Level) => report.findings.filter((f) => f.level === level);
  const priorities = byLevel('priority');
  const attention = byLevel('attention');
  const information = byLevel('information');
  const content: Content[] = [
    { text: 'Bilan de prévention — votre plan personnalisé', style: 'title' },
    { text: input.definition.title, style: 'subtitle' },
    identityTable(input),
    { text: `Âge retenu pour les recommandations\u00a0: ${report.context.age} ans.`, style: 'small' },
    ...referencesLine(report),

    { text: 'Vos priorités', style: 'h2' },
    ...(priorities.length > 0
      ? priorities.map((f) => findingBlock(input.definition, f))
      : [{ text: 'Aucun point prioritaire relevé dans vos réponses.', style: 'blank' }]),

    { text: 'Points à surveiller', style: 'h2' },
    ...(attention.length > 0
      ? findingsByTheme(input.definition, attention)
      : [{ text: 'Aucun point à surveiller relevé.', style: 'blank' }]),

    { text: 'Pour information', style: 'h2' },
    ...(information.length > 0
      ? findingsByTheme(input.definition, information)
      : [{ text: 'Rien à signaler.', style: 'blank' }]),

    { text: 'Scores et mesures', style: 'h2' },
    scoreBlock(
      SCORE_LABELS.phq2,
      report.scores.phq2,
      'PHQ-2\u00a0: Kroenke et al., Medical Care (2003). Chaque réponse vaut de 0 à 3 points, de la moins à la plus fréquente\u00a0; positif à partir de 3\u00a0; une réponse manquante rend le score non évaluable.',
    ),
    scoreBlock(
      SCORE_LABELS.gad2,
      report.scores.gad2,
      'GAD-2\u00a0: Kroenke et al., Annals of Internal Medicine (2007). Même échelle\u00a0; positif à partir de 3.',
    ),
    ...bmiBlock(report, input.definition),

    { text: 'Vaccins et dépistages recommandés pour vous', style: 'h2' },
    ...dueList(report, input.definition),

    { text: 'Les sujets que vous avez choisis', style: 'h2' },
    report.priorities.length > 0
      ? { ul: report.priorities.map((p) => p.label) }
      : { text: 'Aucun sujet coché.', style: 'blank' },
    ...report.freeText.flatMap((t): Content[] => [
      { text: t.label, style: 'label' },
      { text: `«\u00a0${t.text}\u00a0»`, style: 'answer' },
    ]),

    { text: 'Objectifs convenus au comptoir', style: 'h2', pageBreak: 'before' },
    { text: 'Deux ou trois objectifs concrets, choisis ensemble\u00a0:', style: 'small', margin: [0, 0, 0, 4] },
    writingLines(3, 36),
    { text: 'Notes du pharmacien', style: 'h2' },
    {
      table: { widths: ['*'], heights: [150], body: [[' ']] },
      layout: { hLineColor: () => '#999999', vLineColor: () => '#999999' },
    },
    {
      columns: [
        { text: 'Date\u00a0: ____ / ____ / ________', margin: [0, 24, 0, 0] },
        { text: 'Signature du pharmacien\u00a0:', margin: [0, 24, 0, 0] },
      ],
    },
    {
      text: 'Ce bilan est indicatif\u00a0: il ne remplace pas l’avis d’un professionnel de santé et ne constitue pas un dispositif médical.',
      style: 'small',
      margin: [0, 40, 0, 0],
    },
  ];
  return baseDocument('Bilan', content);
}
