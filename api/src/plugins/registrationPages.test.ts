import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { escapeHtml } from '../shared/text/escapeHtml';
import { registrationPages, type PageModel } from './registrationPages';

const model: PageModel = {
  template:
    '<!doctype html><html><head><title>Pharmacie Modèle</title></head><body><h1>Prenez soin de votre santé avec Pharmacie Modèle</h1><a href="/modele-x/thank-you">Pharmacie Modèle</a></body></html>',
  slug: 'modele-x',
  nom: 'Pharmacie Modèle',
  pharmacyElementId: 'pharmacie-de-la-page',
};
const pharmacy = { id: 7, name: 'pharmacie-etoile', nom: 'Pharmacie de l’Étoile' };

describe('registrationPages', () => {
  it('writes the pharmacy over the model and gives it to the browser before </body>', () => {
    const html = registrationPages(model).page(pharmacy, 'identity') as string;
    expect(html).toBe(
      '<!doctype html><html><head><title>Pharmacie de l’Étoile</title></head><body><h1>Prenez soin de votre santé avec Pharmacie de l’Étoile</h1><a href="/pharmacie-etoile/thank-you">Pharmacie de l’Étoile</a>' +
        '<script type="application/json" id="pharmacie-de-la-page">{"id":7,"name":"pharmacie-etoile","nom":"Pharmacie de l’Étoile"}</script>\n  </body></html>',
    );
  });

  it.each(['$`', "$'", '$&', '$$', '$1', '$<x>'])('writes a name holding %s as it is, once per place', (pattern) => {
    const nom = `Pharmacie ${pattern.repeat(50)}`;
    const html = registrationPages(model).page({ ...pharmacy, nom }, 'identity') as string;
    const markup = html.replace(/<script[\s\S]*<\/script>/, '');
    expect(markup.split(escapeHtml(nom))).toHaveLength(4); // the title, the heading, the link: three places
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/body>/g)).toHaveLength(1);
    expect(html.length).toBeLessThan(model.template.length + 4 * escapeHtml(nom).length + 200);
    expect(JSON.parse(/<script[^>]*>(.*)<\/script>/.exec(html)?.[1] ?? '')).toEqual({ ...pharmacy, nom });
  });

  it('escapes a name for HTML, and for the script element: no tag of a name reaches the page', () => {
    const nom = '</script><script>alert(1)</script> & "Cie"';
    const html = registrationPages(model).page({ ...pharmacy, nom }, 'identity') as string;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Cie&quot;');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('never reads a written name as a place to write: a name holding the model’s segment stays as typed', () => {
    const nom = 'modele-x Pharmacie Modèle';
    const html = registrationPages(model).page({ ...pharmacy, nom }, 'identity') as string;
    expect(html).toContain('<title>modele-x Pharmacie Modèle</title>');
  });

  it('writes a pharmacy’s page once, with each compressed copy once, and again when its names change', () => {
    const pages = registrationPages(model);
    const br = pages.page(pharmacy, 'br') as Buffer;
    expect(pages.page(pharmacy, 'br')).toBe(br);
    const gzip = pages.page(pharmacy, 'gzip') as Buffer;
    expect(pages.page(pharmacy, 'gzip')).toBe(gzip);
    expect(pages.written).toBe(1);
    expect(brotliDecompressSync(br).toString()).toBe(pages.page(pharmacy, 'identity'));
    expect(gunzipSync(gzip).toString()).toBe(pages.page(pharmacy, 'identity'));
    const renamed = pages.page({ ...pharmacy, nom: 'Pharmacie du Port' }, 'identity') as string;
    expect(pages.written).toBe(2);
    expect(renamed).toContain('<title>Pharmacie du Port</title>');
    expect(brotliDecompressSync(pages.page({ ...pharmacy, nom: 'Pharmacie du Port' }, 'br')).toString()).toBe(renamed);
  });

  it('keeps the pages of the pharmacies most recently asked, up to its limit', () => {
    const pages = registrationPages(model, 3);
    const of = (i: number) => ({ id: i, name: `pharmacie-${i}`, nom: `Pharmacie ${i}` });
    for (const i of [1, 2, 3]) pages.page(of(i), 'identity');
    pages.page(of(1), 'identity'); // asked again: the most recent
    pages.page(of(4), 'identity'); // the limit passed: 2, the least recent, is forgotten
    expect(pages.size).toBe(3);
    expect(pages.written).toBe(4);
    pages.page(of(1), 'identity');
    expect(pages.written).toBe(4);
    pages.page(of(2), 'identity');
    expect(pages.written).toBe(5);
  });
});
