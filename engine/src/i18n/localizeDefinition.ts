import type { Definition, ResolvedPageItem } from '../definition';
import type { Translation } from './translation';

/**
 * A version as a patient reading `translation`'s language sees it: every text they read (see
 * translatableTexts) replaced by its translation; codes, keys, conditions and rules untouched, so
 * the answers are stored, checked and assessed exactly as in French. A text the translation
 * lacks stays French (the check refuses that before a version is published; a person is never
 * shown a blank). `language` says which words the definition now holds.
 */
export function localizeDefinition(definition: Definition, translation: Translation): Definition {
  const t = (text: string) => translation.texts[text] ?? text;
  const maybe = (text: string | undefined) => (text === undefined ? undefined : t(text));
  const item = (entry: ResolvedPageItem): ResolvedPageItem => {
    switch (entry.kind) {
      case 'notice':
      case 'heading':
        return { ...entry, text: t(entry.text) };
      case 'checkboxes':
        return {
          ...entry,
          label: t(entry.label),
          help: maybe(entry.help),
          boxes: entry.boxes.map((box) => ({ ...box, label: t(box.label) })),
        };
      case 'number':
        return {
          ...entry,
          label: t(entry.label),
          help: maybe(entry.help),
          invalidMessage: maybe(entry.invalidMessage),
        };
      case 'single':
        return {
          ...entry,
          label: t(entry.label),
          help: maybe(entry.help),
          ...(entry.optionLabels && {
            optionLabels: Object.fromEntries(Object.entries(entry.optionLabels).map(([code, l]) => [code, t(l)])),
          }),
        };
      default:
        return { ...entry, label: t(entry.label), help: maybe(entry.help) };
    }
  };
  return {
    ...definition,
    language: translation.language,
    title: t(definition.title),
    band: { ...definition.band, label: t(definition.band.label) },
    pages: definition.pages.map((page) => ({
      ...page,
      title: t(page.title),
      subtitle: maybe(page.subtitle),
      items: page.items.map(item),
      computed: page.computed?.map((c) => ({ ...c, label: t(c.label) })),
    })),
  };
}
