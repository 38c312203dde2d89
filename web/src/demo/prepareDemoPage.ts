import { bandOfPart } from '../patient/bandOfPart';
import { flowStore } from '../patient/flowStore';
import { loadDefinition } from '../questionnaire/versions';

/**
 * A demo page opened directly (a link, a reload): the demo of its band starts, as the page itself
 * would start it after a first empty render, and its questionnaire is loaded. A failed download
 * is left to the page, which shows it with "Réessayer".
 */
export async function prepareDemoPage(part: string | undefined): Promise<void> {
  const band = bandOfPart(part);
  if (!band) return;
  const flow = flowStore.get();
  if (flow.flow !== 'demo' || flow.band !== band) flowStore.startDemo({ email: flow.demoEntry?.email ?? '', band });
  await loadDefinition(band).catch(() => undefined);
}
