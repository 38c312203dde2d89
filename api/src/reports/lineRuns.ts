import { dirname, join } from 'node:path';

/** The parts of a laid-out word (pdfmake's inline) that decide how it is drawn. */
interface Inline {
  text: string;
  x: number;
  width: number;
  trailingCut?: number;
  lineEnd?: boolean;
  _pageNodeRef?: unknown;
  [style: string]: unknown;
}
interface Line {
  inlines: Inline[];
}
interface Renderer {
  prototype: { renderLine(this: unknown, line: Line, x: number, y: number): void };
}

/** Every property of an inline that pdfmake's renderer or text decorator reads to draw it. */
const DRAWN_AS = [
  'font',
  'fontSize',
  'fontFeatures',
  'characterSpacing',
  'color',
  'opacity',
  'sup',
  'sub',
  'link',
  'linkToPage',
  'linkToDestination',
  'decoration',
  'decorationColor',
  'decorationStyle',
  'decorationThickness',
  'background',
] as const;

/** Positions further apart than this are not one run (justified text spreads its words). */
const SAME_X = 1e-6;

function continues(run: Inline, next: Inline): boolean {
  if (run._pageNodeRef !== undefined || next._pageNodeRef !== undefined) return false;
  if (Math.abs(run.x + run.width - next.x) > SAME_X) return false;
  for (const property of DRAWN_AS) if (run[property] !== next[property]) return false;
  return true;
}

/** The words from `first` to `end` (excluded) as one: the first one's look and place, all their text. */
function joined(inlines: Inline[], first: number, end: number): Inline {
  const head = inlines[first] as Inline;
  if (end - first === 1) return head;
  const last = inlines[end - 1] as Inline;
  let text = '';
  for (let i = first; i < end; i++) text += (inlines[i] as Inline).text;
  return {
    ...head,
    text,
    width: last.x + last.width - head.x,
    trailingCut: last.trailingCut,
    lineEnd: last.lineEnd,
  };
}

/** The words of a line joined into runs of the same look, each drawn as one piece of text. */
function runsOf(inlines: Inline[]): Inline[] {
  const runs: Inline[] = [];
  let first = 0;
  for (let i = 1; i <= inlines.length; i++) {
    if (i < inlines.length && continues(inlines[i - 1] as Inline, inlines[i] as Inline)) continue;
    runs.push(joined(inlines, first, i));
    first = i;
  }
  return runs;
}

/**
 * pdfmake draws a line word by word: pdfkit then opens a text object, sets the colour, the
 * opacity, the font and the position, shapes and encodes the word, for every word of the
 * document (a third of a render's CPU). Words side by side with the same look are drawn as one
 * text instead, at the first word's place: the same glyphs at the same places (pdfmake placed
 * each word after the previous one's full width), in a page stream a fraction of the size.
 */
export function drawLinesByRuns(load: NodeJS.Require): void {
  const path = join(dirname(load.resolve('pdfmake')), 'Renderer.js');
  const renderer = (load(path) as { default: Renderer }).default;
  const renderLine = renderer.prototype.renderLine;
  renderer.prototype.renderLine = function (line: Line, x: number, y: number) {
    const inlines = runsOf(line.inlines);
    const drawn =
      inlines.length === line.inlines.length ? line : Object.assign(Object.create(line) as Line, { inlines });
    renderLine.call(this, drawn, x, y);
  };
}
