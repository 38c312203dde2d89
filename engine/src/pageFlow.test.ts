import { describe, expect, it } from 'vitest';
import type { BandCode } from './definition';
import { nextPage, pageByRoute, pageBySection, previousPage, progressOf, visiblePages } from './pageFlow';
import { bandDefinitions } from './testing/testBands';

// docs/product.md §Q2 and D2: route, section key and progress of each step.
const flows: Record<BandCode, Array<[route: string, section: string, progress: number]>> = {
  '18to25': [
    ['general', 'generalQuestions', 20],
    ['health-history', 'healthHistory', 40],
    ['physical-vaccines', 'physicalActivityAndVaccines', 60],
    ['addiction-mentalhealth', 'addictionAndMentalHealth', 80],
  ],
  '45to50': [
    ['general', 'generalQuestions', 20],
    ['health-history', 'physicalHealth', 40],
    ['physical-activity', 'healthQuestions', 60],
    ['addiction', 'addictionAndMentalHealth', 80],
  ],
  '60to65': [
    ['general', 'lifestyle', 20],
    ['mental-health', 'mentalHealth', 40],
    ['nutrition', 'nutrition', 60],
    ['family-history', 'familyHistory', 80],
  ],
  '70to75': [
    ['general', 'medicalTests', 20],
    ['medications', 'medications', 40],
    ['vaccinations', 'vaccinations', 60],
    ['other-concerns', 'otherConcerns', 80],
  ],
};

describe('page flow of the four bands', () => {
  for (const [band, flow] of Object.entries(flows) as Array<[BandCode, (typeof flows)[BandCode]]>) {
    const definition = bandDefinitions[band];

    it(`${band}: pages in order with their sections and progress, the last one last`, () => {
      const pages = visiblePages(definition, {});
      expect(pages.map((p) => [p.route, p.section, p.progress])).toEqual(flow);
      expect(pages.map((p) => p.last)).toEqual([false, false, false, true]);
    });

    it(`${band}: next and previous page follow that order`, () => {
      const routes = flow.map(([route]) => route);
      routes.forEach((route, i) => {
        expect(nextPage(definition, route, {})?.route ?? null).toBe(routes[i + 1] ?? null);
        expect(previousPage(definition, route, {})?.route ?? null).toBe(routes[i - 1] ?? null);
      });
    });

    it(`${band}: finds a page by route and by section, with its progress`, () => {
      for (const [route, section, progress] of flow) {
        expect(pageByRoute(definition, route)?.section).toBe(section);
        expect(pageBySection(definition, section)?.route).toBe(route);
        expect(progressOf(definition, route)).toBe(progress);
      }
    });
  }

  it('refuses an unknown route', () => {
    const definition = bandDefinitions['18to25'];
    expect(pageByRoute(definition, 'logement')).toBeUndefined();
    expect(() => nextPage(definition, 'logement', {})).toThrow('unknown route "logement"');
    expect(() => progressOf(definition, 'logement')).toThrow('unknown route');
  });
});
