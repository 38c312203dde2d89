// zip-stream ships no types: the part of its API the workbook writer uses (archiverjs/node-zip-stream).
declare module 'zip-stream' {
  import type { Readable } from 'node:stream';

  interface ZipStreamOptions {
    /** zlib's options of every entry's deflate stream. */
    zlib?: { level?: number };
  }

  interface EntryData {
    name: string;
    date?: Date;
  }

  /** A readable zip archive: entries are appended one after the other, in the order they were given. */
  export default class ZipStream extends Readable {
    constructor(options?: ZipStreamOptions);
    entry(source: Buffer | string | Readable, data: EntryData, callback: (error: Error | null) => void): this;
    finalize(): void;
  }
}
