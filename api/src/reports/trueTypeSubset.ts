/**
 * The TrueType subset pdfkit embeds in each PDF, written straight from the font file's bytes.
 *
 * fontkit's own subsetter (which pdfkit calls) encodes every table of the subset through
 * `restructure`, field by field: the hinting program alone (Roboto's fpgm, about 4,000 bytes) is
 * written one byte per call, for each of the four fonts of every document. That was about a
 * fifth of a PDF's CPU time, most of it the same bytes each time. Here the tables a subset copies
 * (cvt, fpgm, prep, and head, hhea, maxp with a field or two changed) are sliced once per font,
 * and each glyph's outline is copied as it is in the file; only loca, hmtx and the directory are
 * built per document. The tables are those fontkit writes (the ones PDF asks of an embedded
 * TrueType program), so a viewer sees the same font.
 */

/** A table of the font file, by its four-letter tag. */
type Tables = Map<string, Uint8Array>;

/** What every subset of one font file reads, parsed once. */
export interface TrueTypeSource {
  tables: Tables;
  /** Offsets of each glyph's outline in glyf (numGlyphs + 1 of them). */
  loca: Uint32Array;
  /** Advance width and left side bearing of each glyph. */
  advances: Uint16Array;
  bearings: Int16Array;
  /** Outlines already read: the glyph's bytes and, for a composite glyph, where its parts are named. */
  glyphs: Map<number, { bytes: Uint8Array; parts: Array<{ at: number; id: number }> }>;
}

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** Parses the table directory, loca and hmtx of a TrueType font file (glyf outlines, no CFF). */
export function trueTypeSource(file: Uint8Array): TrueTypeSource | null {
  const v = view(file);
  if (v.getUint32(0) !== 0x00010000) return null;
  const tables: Tables = new Map();
  for (let i = 0, n = v.getUint16(4); i < n; i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(file[at] ?? 0, file[at + 1] ?? 0, file[at + 2] ?? 0, file[at + 3] ?? 0);
    const offset = v.getUint32(at + 8);
    tables.set(tag, file.subarray(offset, offset + v.getUint32(at + 12)));
  }
  const [head, hhea, maxp, loca, hmtx] = ['head', 'hhea', 'maxp', 'loca', 'hmtx'].map((t) => tables.get(t));
  if (!head || !hhea || !maxp || !loca || !hmtx || !tables.has('glyf')) return null;
  const numGlyphs = view(maxp).getUint16(4);
  const long = view(head).getInt16(50) === 1;
  const locaView = view(loca);
  const offsets = new Uint32Array(numGlyphs + 1);
  for (let g = 0; g <= numGlyphs; g++) offsets[g] = long ? locaView.getUint32(4 * g) : 2 * locaView.getUint16(2 * g);
  const metrics = view(hhea).getUint16(34);
  const hv = view(hmtx);
  const advances = new Uint16Array(numGlyphs);
  const bearings = new Int16Array(numGlyphs);
  for (let g = 0; g < numGlyphs; g++) {
    const m = Math.min(g, metrics - 1);
    advances[g] = hv.getUint16(4 * m);
    bearings[g] = g < metrics ? hv.getInt16(4 * g + 2) : hv.getInt16(4 * metrics + 2 * (g - metrics));
  }
  return { tables, loca: offsets, advances, bearings, glyphs: new Map() };
}

// Flags of a composite glyph's component (OpenType, glyf table).
const ARGS_ARE_WORDS = 0x0001;
const HAS_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const HAS_XY_SCALE = 0x0040;
const HAS_2X2 = 0x0080;

/** A glyph's outline as stored, and the places where a composite glyph names its parts. */
function glyphOf(source: TrueTypeSource, id: number) {
  let glyph = source.glyphs.get(id);
  if (glyph) return glyph;
  const glyf = source.tables.get('glyf') as Uint8Array;
  const bytes = glyf.subarray(source.loca[id], source.loca[id + 1]);
  const parts: Array<{ at: number; id: number }> = [];
  if (bytes.length >= 10 && view(bytes).getInt16(0) < 0) {
    const v = view(bytes);
    let at = 10;
    for (;;) {
      const flags = v.getUint16(at);
      parts.push({ at: at + 2, id: v.getUint16(at + 2) });
      at += 4 + (flags & ARGS_ARE_WORDS ? 4 : 2);
      at += flags & HAS_SCALE ? 2 : flags & HAS_XY_SCALE ? 4 : flags & HAS_2X2 ? 8 : 0;
      if (!(flags & MORE_COMPONENTS)) break;
    }
  }
  glyph = { bytes, parts };
  source.glyphs.set(id, glyph);
  return glyph;
}

const align4 = (n: number) => (n + 3) & ~3;

function checksum(b: Uint8Array): number {
  const padded = new Uint8Array(align4(b.length));
  padded.set(b);
  const v = view(padded);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

/** A copy of a table with some 16-bit fields set. */
function patched(table: Uint8Array, fields: Array<[offset: number, value: number]>): Uint8Array {
  const copy = Uint8Array.from(table);
  for (const [offset, value] of fields) view(copy).setUint16(offset, value);
  return copy;
}

/** The font file of the glyphs `ids` (new glyph i is old glyph ids[i]), parts of composites included. */
function encodeSubset(source: TrueTypeSource, ids: number[], include: (id: number) => number): Uint8Array {
  const outlines: Uint8Array[] = [];
  for (let i = 0; i < ids.length; i++) {
    const glyph = glyphOf(source, ids[i] as number);
    let bytes = glyph.bytes;
    if (glyph.parts.length > 0) {
      bytes = Uint8Array.from(bytes);
      for (const part of glyph.parts) view(bytes).setUint16(part.at, include(part.id));
    }
    outlines.push(bytes);
  }
  const glyf = new Uint8Array(outlines.reduce((n, o) => n + align4(o.length), 0));
  const loca = new Uint8Array(4 * (outlines.length + 1));
  const hmtx = new Uint8Array(4 * outlines.length);
  let offset = 0;
  outlines.forEach((o, i) => {
    glyf.set(o, offset);
    view(loca).setUint32(4 * i, offset);
    view(hmtx).setUint16(4 * i, source.advances[ids[i] as number] ?? 0);
    view(hmtx).setInt16(4 * i + 2, source.bearings[ids[i] as number] ?? 0);
    offset += align4(o.length);
  });
  view(loca).setUint32(4 * outlines.length, offset);
  const t = source.tables;
  const tables: Array<[string, Uint8Array]> = [
    // checkSumAdjustment (offset 8) is set last; indexToLocFormat (50) says loca is long.
    [
      'head',
      patched(t.get('head') as Uint8Array, [
        [8, 0],
        [10, 0],
        [50, 1],
      ]),
    ],
    ['hhea', patched(t.get('hhea') as Uint8Array, [[34, outlines.length]])],
    ['loca', loca],
    ['maxp', patched(t.get('maxp') as Uint8Array, [[4, outlines.length]])],
    ['cvt ', t.get('cvt ')],
    ['prep', t.get('prep')],
    ['glyf', glyf],
    ['hmtx', hmtx],
    ['fpgm', t.get('fpgm')],
  ].filter((e): e is [string, Uint8Array] => e[1] !== undefined);
  tables.sort(([a], [b]) => (a < b ? -1 : 1));
  return assemble(tables);
}

/** The sfnt file: its directory (tables sorted by tag), then each table on a 4-byte boundary. */
function assemble(tables: Array<[string, Uint8Array]>): Uint8Array {
  const n = tables.length;
  const headerSize = 12 + 16 * n;
  const file = new Uint8Array(headerSize + tables.reduce((s, [, b]) => s + align4(b.length), 0));
  const v = view(file);
  const power = 2 ** Math.floor(Math.log2(n));
  v.setUint32(0, 0x00010000);
  v.setUint16(4, n);
  v.setUint16(6, power * 16);
  v.setUint16(8, Math.log2(power));
  v.setUint16(10, n * 16 - power * 16);
  let offset = headerSize;
  let headAt = -1;
  tables.forEach(([tag, bytes], i) => {
    const at = 12 + 16 * i;
    for (let c = 0; c < 4; c++) file[at + c] = tag.charCodeAt(c);
    v.setUint32(at + 4, checksum(bytes));
    v.setUint32(at + 8, offset);
    v.setUint32(at + 12, bytes.length);
    file.set(bytes, offset);
    if (tag === 'head') headAt = offset;
    offset += align4(bytes.length);
  });
  if (headAt >= 0) v.setUint32(headAt + 8, (0xb1b0afba - checksum(file)) >>> 0);
  return file;
}

/** What pdfkit asks of a subset: glyph numbers as the document uses them, then the font's bytes. */
export class TrueTypeSubset {
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly source: TrueTypeSource) {
    // The missing glyph is glyph 0 of every TrueType font.
    this.includeGlyph(0);
  }

  includeGlyph(glyph: number | { id: number }): number {
    const id = typeof glyph === 'number' ? glyph : glyph.id;
    let index = this.mapping.get(id);
    if (index === undefined) {
      index = this.glyphs.length;
      this.glyphs.push(id);
      this.mapping.set(id, index);
    }
    return index;
  }

  encode(): Uint8Array {
    return encodeSubset(this.source, this.glyphs, (id) => this.includeGlyph(id));
  }
}
