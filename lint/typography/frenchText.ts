// Which source texts are French prose shown to people, and so must follow French typography.
// The code strings that could look like faults are told apart by their shape and language:
// - a single token is code (a key, a class, a path, an address, "10:30", "Authorization:"),
//   unless it is a French word: with an accent or an elision ("D'accord", "C'est": this code base
//   spells no identifier so), or a word ending with an ellipsis ("Chargement...");
// - a text in English is for developers (logs, errors thrown to the programmer, comments);
// - a CSS declaration or a selector is code.
import { UNIT_ALTERNATION } from '@bilan/engine';
import { PLACEHOLDER } from './sourceTexts';

/** Words that only English uses among the common ones (none is a French word). */
const ENGLISH = new Set(
  'the is are was were be been to of and or not no in on for with by from it its this that these those as at has have had must should cannot can does do did when which than then one only without into per after before each any all if else there their they we you your our an but so such use used using missing invalid unknown expected got found failed already'.split(
    ' ',
  ),
);
/** Words that only French uses among the common ones. */
const FRENCH = new Set(
  'le la les de des du un une et ou est sont vous votre vos pour pas ne à en au aux sur avec dans par ce cette ces qui que se sa son ses nous il elle ils elles plus été être avez êtes mon ma mes lui leur leurs y très aussi'.split(
    ' ',
  ),
);
const ELISION = /\b(?:[ldnscjmt]|qu|jusqu|lorsqu|puisqu)['’]\p{L}/iu;
const ENGLISH_CONTRACTION = /\p{L}['’](?:s|t|re|ve|ll|d|m)\b/iu;
const APOSTROPHE_IN_WORD = /\p{L}['’]\p{L}/u;
const FRENCH_LETTERS = /[àâçéèêëîïôûùüÿœæ]/iu;
/** A space before a French sign: no English text writes "Nom : …" or "« oui »". */
const FRENCH_SPACING = /[ \u00a0\u202f][:;!?»]|«[ \u00a0\u202f]/u;

/** A lone word, maybe with an elision and a final sign: "Oui", "D'accord", "Chargement...". */
const LONE_WORD = /^[\p{L}'’-]+(?:[.!?…:]|\.\.\.)?$/u;

/** A substitution and its unit (the engine's UNITS): "${bmi} kg/m²", "${value} %" (a number people read). */
const NUMBER_WITH_UNIT = new RegExp(`^${PLACEHOLDER}[ \u00a0\u202f]?(?:${UNIT_ALTERNATION})$`, 'u');

/** "a:b;c:d", "font-size: 15px;", ".btn > a", "[data-x]", "(prefers-reduced-motion: reduce)": CSS. */
const CSS = /^(?:[\w-]+\s*:\s*[^;]+;\s*)+[\w-]*\s*:?\s*[^;]*$|^[.#[][\w-]|^\([\w-]+:\s*[\w-]+\)$/u;
/** "text/plain; charset=utf-8", "attachment; filename=…", a cookie: HTTP header values. */
const HEADER = /;\s*[\w-]+=/u;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}'’]+/u)
    .filter(Boolean);
}

/**
 * Whether a source text is French prose a person reads (see the header): the texts the
 * typography check looks at.
 */
export function isFrenchText(text: string): boolean {
  if (NUMBER_WITH_UNIT.test(text)) return true;
  const bare = text.replaceAll(PLACEHOLDER, ' ').trim();
  // Only substitutions and French signs: "${name} : ", "« ${text} »", "${value} %".
  if (!/\p{L}/u.test(bare))
    return text.includes(PLACEHOLDER) && /^[\s\d.,:;!?«»€%()—–-]*$/u.test(bare) && /[«»€%]|[:;!?](?=\s|$)/u.test(text);
  if (!/\s/u.test(bare)) {
    const elided = ELISION.test(bare) || (APOSTROPHE_IN_WORD.test(bare) && !ENGLISH_CONTRACTION.test(bare));
    return LONE_WORD.test(bare) && (FRENCH_LETTERS.test(bare) || elided || /(?:\.\.\.|…)$/u.test(bare));
  }
  if ((CSS.test(bare) || HEADER.test(bare)) && !FRENCH_LETTERS.test(bare)) return false;
  const list = words(bare);
  const english = list.filter((w) => ENGLISH.has(w)).length + (ENGLISH_CONTRACTION.test(bare) ? 1 : 0);
  const french =
    list.filter((w) => FRENCH.has(w)).length + (FRENCH_LETTERS.test(bare) ? 1 : 0) + (ELISION.test(bare) ? 1 : 0);
  // Neither language's words: the spacing tells ("Nom : ￼" is French, "unreachable: ￼" is not).
  return french + english === 0 ? FRENCH_SPACING.test(bare) : french >= english;
}
