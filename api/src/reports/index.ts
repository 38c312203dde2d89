// What the rest of the api may use of the reports: the feature's plugin (app.pdfRenderer, app.pdfStore,
// app.formPdfs, app.reportsService) and these.
export { default } from './plugin';
export { pdfService } from './pdfService';
export { pdfBytes } from './repository';
export { pdfInputOf } from './pdfInput';
export { renderPdf } from './render';
export { pppDocDefinition } from './pppDocDefinition';
export { closeRenderPool } from './renderPool';
export type { PdfInput } from './types';
