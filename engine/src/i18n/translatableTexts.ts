import type { Definition } from '../definition';
import { definitionTexts, type DefinitionText } from '../typography/definitionTypography';

/**
 * The texts of a version a patient reads while filling it in, each with where it is: the title,
 * the band, the pages' titles and subtitles, questions, help, messages, headings, notices, boxes,
 * computed fields' labels and the labels of coded answers. What a translation must give (D41).
 * The report's rules are read by the pharmacist, in French (Bilan.pdf), and are not among them.
 */
export function translatableTexts(definition: Definition): DefinitionText[] {
  const texts = definitionTexts(definition).filter((t) => !t.path.startsWith('/assessment/'));
  definition.pages.forEach((page, p) =>
    page.items.forEach((item, i) => {
      if (item.kind !== 'single' || !item.optionLabels) return;
      for (const [code, label] of Object.entries(item.optionLabels))
        texts.push({ path: `/pages/${p}/items/${i}/options/${code}`, field: item.key, text: label });
    }),
  );
  return texts;
}
