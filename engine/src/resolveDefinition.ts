import type { Definition, DefinitionFile, PageItem, ResolvedPageItem, Vocabularies } from './definition';

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
  if (item.kind !== 'single' || Array.isArray(item.options)) return item as ResolvedPageItem;
  const name = item.options.vocabulary;
  const options = Object.hasOwn(vocabularies, name) ? vocabularies[name] : undefined;
  if (!options) throw new UnknownVocabularyError(name, item.key);
  return { ...item, options: [...options] };
}

/** Replaces every vocabulary reference by its answer strings; drops the file's `$schema`. */
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
