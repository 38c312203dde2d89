import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { escapeHtml } from '../shared/text/escapeHtml';

/** A pharmacy as its registration page shows it (site/service.ts publicPharmacy). */
export interface PagePharmacy {
  id: number;
  name: string;
  nom: string;
}

/** The registration page the web build rendered for a model pharmacy, and what to write over it. */
export interface PageModel {
  template: string;
  /** The model pharmacy's route segment and display name, as the build wrote them. */
  slug: string;
  nom: string;
  /** The id of the script element that gives the browser the pharmacy. */
  pharmacyElementId: string;
}

export type PageEncoding = 'br' | 'gzip' | 'identity';

type Hole = 'nom' | 'slug' | 'data';

/**
 * The template cut at each place the model's name, its route segment and the end of the body
 * stand: the pharmacy's values are put between the pieces, never given to `replace` (whose
 * replacement strings read `$&`, `` $` ``, `$'` and `$$` as patterns: a display name of `` $` ``
 * turned the 5 KB page into megabytes), and a value written in is never searched again.
 */
function cut(model: PageModel): { pieces: string[]; holes: Hole[] } {
  const marks: Array<[string, Hole]> = [
    [escapeHtml(model.nom), 'nom'],
    [model.slug, 'slug'],
  ];
  const pieces: string[] = [];
  const holes: Hole[] = [];
  const end = model.template.lastIndexOf('</body>');
  const body = end < 0 ? model.template : model.template.slice(0, end);
  let from = 0;
  for (;;) {
    let next: { at: number; mark: string; hole: Hole } | undefined;
    for (const [mark, hole] of marks) {
      const at = body.indexOf(mark, from);
      if (at >= 0 && (!next || at < next.at)) next = { at, mark, hole };
    }
    if (!next) break;
    pieces.push(body.slice(from, next.at));
    holes.push(next.hole);
    from = next.at + next.mark.length;
  }
  pieces.push(body.slice(from));
  if (end >= 0) {
    holes.push('data');
    pieces.push(model.template.slice(end));
  }
  return { pieces, holes };
}

interface Rendered {
  /** The pharmacy the page was written for, as JSON: a change of name or id writes it again. */
  data: string;
  html: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Pharmacies' registration pages, written from the model once per pharmacy and kept with their
 * compressed copies (the `limit` most recently asked): a page is written again when its
 * pharmacy's name or display name changed since.
 */
export function registrationPages(model: PageModel, limit = 256) {
  const { pieces, holes } = cut(model);
  const pages = new Map<string, Rendered>();
  let written = 0;

  function write(pharmacy: PagePharmacy, data: string): string {
    // `<` escaped: the JSON cannot close its script element, whatever a name holds.
    const values: Record<Hole, string> = {
      nom: escapeHtml(pharmacy.nom),
      slug: pharmacy.name,
      data: `<script type="application/json" id="${model.pharmacyElementId}">${data.replace(/</g, '\\u003c')}</script>\n  `,
    };
    let html = pieces[0] as string;
    for (let i = 0; i < holes.length; i++) html += values[holes[i] as Hole] + (pieces[i + 1] as string);
    written++;
    return html;
  }

  return {
    /** The page of `pharmacy` in the encoding asked. */
    page(pharmacy: PagePharmacy, encoding: PageEncoding): string | Buffer {
      const data = JSON.stringify(pharmacy);
      let page = pages.get(pharmacy.name);
      if (page?.data === data) {
        // Most recently asked last: the first one is the one to forget.
        pages.delete(pharmacy.name);
      } else {
        page = { data, html: write(pharmacy, data) };
      }
      pages.set(pharmacy.name, page);
      if (pages.size > limit) pages.delete(pages.keys().next().value as string);
      if (encoding === 'br')
        return (page.br ??= brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
      if (encoding === 'gzip') return (page.gzip ??= gzipSync(page.html));
      return page.html;
    },
    /** How many pages were written since start (the cache's tests). */
    get written() {
      return written;
    },
    get size() {
      return pages.size;
    },
  };
}
