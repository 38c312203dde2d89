import { fieldChanges, fieldsOf, type Definition } from '@bilan/engine';
import type { JsonSource } from '../messages/jsonSource';
import type { Problem } from '../messages/problem';
import type { LockedVersion } from './lockFile';
import { partDigests, partsOf, versionDigests, type DefinitionPart } from './parts';

type Change = 'contract' | 'texts' | 'added' | 'removed';

/** What changed in a part of a published version, in the editor's words. */
function changeWords(id: string, change: Change): string {
  if (change === 'added') return 'ajout après sa publication';
  if (change === 'removed') return 'retrait après sa publication';
  const kind = id.includes(':')
    ? id.slice(0, id.indexOf(':'))
    : id === 'assessment' || id === 'definition'
      ? id
      : 'item';
  const words: Record<string, Record<'contract' | 'texts', string>> = {
    item: {
      contract: 'ses données ont changé (clé, réponses, condition, plage, unité…)',
      texts: 'son texte a changé (libellé, aide, message)',
    },
    page: {
      contract: 'l’adresse de la page a changé',
      texts: 'le titre de la page ou l’ordre de ses questions a changé',
    },
    rule: {
      contract: 'la règle a changé (niveau, thème, condition…)',
      texts: 'le texte de la règle a changé (titre, conseil, source)',
    },
    due: {
      contract: 'l’échéance a changé (conditions…)',
      texts: 'le texte de l’échéance a changé (titre, calendrier, source)',
    },
    assessment: {
      contract: 'les réglages du bilan ont changé (scores, sexe, priorités…)',
      texts: 'l’ordre des règles a changé',
    },
    definition: {
      contract: 'l’identité de la version a changé',
      texts: 'le titre ou la tranche d’âge affichée a changé',
    },
  };
  return (words[kind] ?? words.item)?.[change] ?? change;
}

/** Where a part's name is written: a question's key, a rule's id, a page's section. */
function namePointer(part: DefinitionPart): string {
  if (part.id.startsWith('rule:') || part.id.startsWith('due:')) return `${part.path}/id`;
  if (part.id.startsWith('page:')) return `${part.path}/section`;
  if (part.id === 'assessment' || part.id === 'definition') return part.path;
  return `${part.path}/key`;
}

const subjectOf = (id: string) => (id.includes(':') ? id.slice(id.indexOf(':') + 1) : id);

/**
 * A published version checked against its lock entry: nothing when both digests match; else one
 * problem per part that changed, where it is, saying what changed and where the change belongs
 * instead (`advice(breaking)`: a new minor version, or a major one when the change removes or
 * renames a field or an answer string that stored forms hold, D5).
 */
export function frozenProblems(
  definition: Definition,
  entry: LockedVersion,
  source: JsonSource,
  file: string,
  advice: (breaking: boolean) => string,
): Problem[] {
  const parts = partsOf(definition);
  const now = versionDigests(parts);
  if (now.contract === entry.contract && now.texts === entry.texts) return [];
  const locked = new Map(
    Object.entries(entry.fields).map(([key, [section = '', kind = '', ...options]]) => [
      key,
      { section, kind, options },
    ]),
  );
  const breaking = fieldChanges(locked, fieldsOf(definition)).length > 0;
  const where = advice(breaking);
  const changes: Array<{ part: DefinitionPart | undefined; id: string; change: Change }> = [];
  const current = new Set<string>();
  for (const part of parts) {
    current.add(part.id);
    const was = entry.parts[part.id];
    if (!was) {
      changes.push({ part, id: part.id, change: 'added' });
      continue;
    }
    const [contract, texts] = was.split(' ');
    const [contractNow, textsNow] = partDigests(part).split(' ');
    if (contract !== contractNow) changes.push({ part, id: part.id, change: 'contract' });
    else if (texts !== textsNow) changes.push({ part, id: part.id, change: 'texts' });
  }
  for (const id of Object.keys(entry.parts))
    if (!current.has(id)) changes.push({ part: undefined, id, change: 'removed' });
  // Digests differ but no part does: the parts were only reordered across pages or rules.
  if (changes.length === 0) changes.push({ part: undefined, id: 'definition', change: 'texts' });
  return changes.map(({ part, id, change }) => ({
    file,
    position: source.positionOf(part ? namePointer(part) : ''),
    subject: subjectOf(id),
    message: `la version ${definition.version} est publiée, donc figée\u00a0: ${changeWords(id, change)}\u00a0; annulez ce changement ici et faites-le ${where}`,
  }));
}
