import type { CodedOption, Definition, DefinitionFile, PageItem, ResolvedPageItem, Vocabularies } from './definition';

/** Thrown when a definition file names a vocabulary that vocabularies.json does not hold. */
export class UnknownVocabularyError extends Error {
  constructor(
    readonly vocabulary: string,
    readonly field: string,
  ) {
    super(`${field}: unknown vocabulary "${vocabulary}"`);
    this.name = 'UnknownVocabularyError';
  }
}

function resolveItem(item: PageItem, vocabularies: Vocabularies): ResolvedPageItem {
  if (item.kind !== 'single') return item;
  let answers: readonly (string | CodedOption)[];
  if (Array.isArray(item.options)) answers = item.options;
  else {
    const name = item.options.vocabulary;
    const found = Object.hasOwn(vocabularies, name) ? vocabularies[name] : undefined;
    if (!found) throw new UnknownVocabularyError(name, item.key);
    answers = found;
  }
  // The schema keeps a list all strings or all coded; a stray string in a coded list stores itself.
  if (!answers.some((a) => typeof a !== 'string')) return { ...item, options: answers.map(String) };
  const coded = answers.map((a) => (typeof a === 'string' ? { code: a, label: a } : a));
  return {
    ...item,
    options: coded.map((a) => a.code),
    optionLabels: Object.fromEntries(coded.map((a) => [a.code, a.label])),
  };
}

/**
 * Replaces every vocabulary reference by its answers (answer strings, or codes with their labels
 * from 2.0.0); drops the file's `$schema`.
 */
export function resolveDefinition(file: DefinitionFile, vocabularies: Vocabularies): Definition {
  const { $schema: _schema, ...rest } = file;
  return {
    ...rest,
    pages: file.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => resolveItem(item, vocabularies)),
    })),
  };
}
