// What the rest of the api may use of the reports: the feature's plugin (app.pdf, app.pdfs,
// app.storedPdfs, app.reportsService) and these.
export { default } from './plugin';
export { pdfService } from './pdfService';
export { pdfBytes } from './repository';
export { renderPdf, renderQueue } from './render';
export { pppDocDefinition } from './pppDocDefinition';
export { closeRenderPool, renderPoolQueue } from './renderPool';
export type { PdfInput } from './types';
