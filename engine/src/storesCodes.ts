/** Whether a version stores its answers by code and can be translated (D41): from 2.0.0; 1.x stores answer strings, in French only. */
export function storesCodes(version: string): boolean {
  return Number(version.split('.')[0]) >= 2;
}
