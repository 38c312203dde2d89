import type { Source } from '../assessment/assessmentTypes';
import type { DefinitionIssue } from '../checkDefinition';
import type { Definition, ResolvedPageItem } from '../definition';
import { catalogueOf } from '../record/catalogue';
import { typographyFaults } from './typographyFaults';

/** One text of a definition that a person reads, with where it is in the file. */
export interface DefinitionText {
  path: string;
  /** The question, box, notice, heading, computed field or rule it belongs to. */
  field?: string;
  text: string;
}

function itemTexts(item: ResolvedPageItem, path: string): DefinitionText[] {
  const at = (name: string, text: string | undefined): DefinitionText[] =>
    text === undefined ? [] : [{ path: `${path}/${name}`, field: item.key, text }];
  switch (item.kind) {
    case 'notice':
    case 'heading':
      return at('text', item.text);
    case 'checkboxes':
      return [
        ...at('label', item.label),
        ...at('help', item.help),
        ...item.boxes.map((box, b) => ({ path: `${path}/boxes/${b}/label`, field: box.key, text: box.label })),
      ];
    case 'number':
      return [...at('label', item.label), ...at('help', item.help), ...at('invalidMessage', item.invalidMessage)];
    default:
      return [...at('label', item.label), ...at('help', item.help)];
  }
}

/** A source's publisher and title: a title in another language keeps its own punctuation. */
function sourceTexts(source: Source, path: string, field: string): DefinitionText[] {
  const texts = [{ path: `${path}/body`, field, text: source.body }];
  return source.lang === undefined || source.lang === 'fr'
    ? [...texts, { path: `${path}/document`, field, text: source.document }]
    : texts;
}

/**
 * Every text of a definition that a person reads: titles, subtitles, band label, questions,
 * help, box labels, messages, notices, headings, computed fields' labels, and the report's rule
 * titles, advice, counter guidance, schedules, short names and sources (a French title; one marked `"lang": "en"` is quoted as
 * published). Answer strings are stored values (D1): they are read through the catalogue's labels.
 */
export function definitionTexts(definition: Definition): DefinitionText[] {
  const texts: DefinitionText[] = [
    { path: '/title', text: definition.title },
    { path: '/band/label', text: definition.band.label },
  ];
  definition.pages.forEach((page, p) => {
    texts.push({ path: `/pages/${p}/title`, text: page.title });
    if (page.subtitle !== undefined) texts.push({ path: `/pages/${p}/subtitle`, text: page.subtitle });
    page.items.forEach((item, i) => texts.push(...itemTexts(item, `/pages/${p}/items/${i}`)));
    (page.computed ?? []).forEach((c, i) =>
      texts.push({ path: `/pages/${p}/computed/${i}/label`, field: c.key, text: c.label }),
    );
  });
  const assessment = definition.assessment;
  assessment?.rules.forEach((rule, r) => {
    const path = `/assessment/rules/${r}`;
    texts.push(
      { path: `${path}/title`, field: rule.id, text: rule.title },
      { path: `${path}/advice`, field: rule.id, text: rule.advice },
    );
    texts.push(...sourceTexts(rule.source, `${path}/source`, rule.id));
    if (rule.counterGuidance) {
      texts.push({ path: `${path}/counterGuidance/text`, field: rule.id, text: rule.counterGuidance.text });
      if (rule.counterGuidance.source)
        texts.push(...sourceTexts(rule.counterGuidance.source, `${path}/counterGuidance/source`, rule.id));
    }
  });
  assessment?.due?.forEach((due, d) => {
    const path = `/assessment/due/${d}`;
    texts.push(
      { path: `${path}/title`, field: due.id, text: due.title },
      { path: `${path}/schedule`, field: due.id, text: due.schedule },
      ...(due.short === undefined ? [] : [{ path: `${path}/short`, field: due.id, text: due.short }]),
    );
    texts.push(...sourceTexts(due.source, `${path}/source`, due.id));
  });
  return texts;
}

/** What a person reads for each answer string: its catalogue label (the value stays stored as written). */
function answerLabelTexts(definition: Definition): DefinitionText[] {
  const catalogue = catalogueOf(definition);
  return definition.pages.flatMap((page, p) =>
    page.items.flatMap((item, i) => {
      if (item.kind !== 'single') return [];
      const labels = catalogue.fields.get(item.key)?.values;
      return item.options.map((value, o) => ({
        path: `/pages/${p}/items/${i}/options/${o}`,
        field: item.key,
        text: labels?.get(value) ?? value,
      }));
    }),
  );
}

/**
 * The typography faults of a definition's texts and answer labels (`pnpm definitions:check`
 * reports them): one issue per fault, naming the text, the rule and what to write.
 */
export function definitionTypographyIssues(definition: Definition): DefinitionIssue[] {
  return [...definitionTexts(definition), ...answerLabelTexts(definition)].flatMap((t) =>
    typographyFaults(t.text).map((fault) => ({
      path: t.path,
      ...(t.field ? { field: t.field } : {}),
      message: `typography: ${fault.message}, in "${fault.excerpt}"`,
      typography: { rule: fault.rule, excerpt: fault.excerpt },
    })),
  );
}
