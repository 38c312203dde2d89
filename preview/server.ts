// pnpm definitions:preview [--dir <folder>] [--port <n>]: the preview of the definitions, on
// http://127.0.0.1:5180 (or the next free port). Ctrl+C stops it.
import { definitionsDirFrom } from '@bilan/codegen';
import { startPreview } from './startPreview';

const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const dir = definitionsDirFrom(args);
const preview = await startPreview({ dir, ...(portAt >= 0 ? { port: Number(args[portAt + 1]) } : {}) });
console.log(
  `definitions:preview\u00a0: ${preview.url} (dossier ${dir}) ; les pages se rechargent à chaque enregistrement. Ctrl+C pour arrêter.`,
);
