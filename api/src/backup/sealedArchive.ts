import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';

// A backup file: named entries (the database, the PDFs, the secrets, the manifest) sealed under
// BACKUP_KEY. The key is stretched with scrypt and a random salt per file; the stream is cut into
// 64 KiB chunks, each sealed with AES-256-GCM under a nonce made of its number and a last-chunk
// flag (the STREAM construction, as age does), so a chunk changed, moved, dropped or a file cut
// short fails to open, and nothing is read before it is authenticated.

const MAGIC = Buffer.from('BILANSV1');
const CHUNK = 64 * 1024;
const TAG = 16;
const SALT = 16;
/** scrypt cost: about 100 ms and 32 MB, once per file. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function deriveKey(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function nonceOf(counter: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(counter), 3);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

export class BackupKeyError extends Error {
  constructor() {
    super(
      'Sauvegarde illisible\u00a0: BACKUP_KEY n’est pas la clé de cette sauvegarde, ou le fichier est altéré ou incomplet.',
    );
    this.name = 'BackupKeyError';
  }
}

/** Writes entries into a sealed file: `add` each entry whole or from an iterable of buffers, then `close`. */
export async function createSealedArchive(file: string, secret: string) {
  const salt = randomBytes(SALT);
  const key = await deriveKey(secret, salt);
  const header = Buffer.concat([MAGIC, salt]);
  const handle = await open(file, 'wx', 0o600);
  await handle.write(header);
  let counter = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;

  const seal = async (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, nonceOf(counter, last));
    cipher.setAAD(header);
    const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    await handle.write(Buffer.concat([length, body]));
    counter += 1;
  };
  const push = async (bytes: Buffer) => {
    pending.push(bytes);
    pendingBytes += bytes.length;
    while (pendingBytes > CHUNK) {
      const all = Buffer.concat(pending);
      await seal(all.subarray(0, CHUNK), false);
      pending = [all.subarray(CHUNK)];
      pendingBytes = all.length - CHUNK;
    }
  };
  const entryHeader = (name: string, size: number) => {
    const nameBytes = Buffer.from(name, 'utf8');
    const head = Buffer.alloc(2 + nameBytes.length + 8);
    head.writeUInt16BE(nameBytes.length, 0);
    nameBytes.copy(head, 2);
    head.writeBigUInt64BE(BigInt(size), 2 + nameBytes.length);
    return head;
  };

  return {
    /** An entry of `size` bytes, given whole or as the chunks of a stream. */
    async add(name: string, size: number, content: Buffer | AsyncIterable<Buffer>): Promise<void> {
      if (name.length === 0) throw new Error('an entry needs a name');
      await push(entryHeader(name, size));
      let written = 0;
      for await (const part of Buffer.isBuffer(content) ? [content] : content) {
        written += part.length;
        await push(part);
      }
      if (written !== size) throw new Error(`${name}\u00a0: ${written} octets lus, ${size} annoncés`);
    },
    /** Seals the last chunk (an empty name ends the entries) and flushes the file to the disk. */
    async close(): Promise<void> {
      await push(entryHeader('', 0));
      await seal(Buffer.concat(pending), true);
      await handle.sync();
      await handle.close();
    },
    /** Abandons the file (the caller removes it). */
    abort: (): Promise<void> => handle.close(),
  };
}

/** The plaintext of a sealed file, chunk by chunk, each authenticated before it is given. */
async function* openedChunks(handle: FileHandle, secret: string): AsyncGenerator<Buffer> {
  const header = Buffer.alloc(MAGIC.length + SALT);
  const { bytesRead } = await handle.read(header, 0, header.length, 0);
  if (bytesRead !== header.length || !header.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error('ce fichier n’est pas une sauvegarde de Bilan Prévention');
  const key = await deriveKey(secret, header.subarray(MAGIC.length));
  let position = header.length;
  for (let counter = 0; ; counter += 1) {
    const length = Buffer.alloc(4);
    if ((await handle.read(length, 0, 4, position)).bytesRead !== 4) throw new BackupKeyError();
    const size = length.readUInt32BE();
    if (size < TAG || size > CHUNK + TAG) throw new BackupKeyError();
    const body = Buffer.alloc(size);
    if ((await handle.read(body, 0, size, position + 4)).bytesRead !== size) throw new BackupKeyError();
    position += 4 + size;
    const last = (await handle.read(Buffer.alloc(1), 0, 1, position)).bytesRead === 0;
    const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(counter, last));
    decipher.setAAD(header);
    decipher.setAuthTag(body.subarray(size - TAG));
    try {
      const plain = Buffer.concat([decipher.update(body.subarray(0, size - TAG)), decipher.final()]);
      yield plain;
    } catch {
      throw new BackupKeyError();
    }
    if (last) return;
  }
}

/** Reads exact byte counts out of a stream of chunks. */
class ByteReader {
  private buffered: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  async take(n: number): Promise<Buffer> {
    while (this.buffered.length < n) {
      const next = await this.source.next();
      if (next.done) throw new BackupKeyError();
      this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
    }
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }

  /** Up to `n` bytes at once, from what is buffered or the next chunk. */
  async some(n: number): Promise<Buffer> {
    if (this.buffered.length === 0) await this.fill();
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(out.length);
    return out;
  }

  private async fill(): Promise<void> {
    const next = await this.source.next();
    if (next.done) throw new BackupKeyError();
    this.buffered = next.value;
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes as they come (read them before the next entry). */
  content: AsyncIterable<Buffer>;
}

/** The entries of a sealed file, in order; throws BackupKeyError on a wrong key or a damaged file. */
export async function* readSealedArchive(file: string, secret: string): AsyncGenerator<ArchiveEntry> {
  const handle = await open(file, 'r');
  try {
    const reader = new ByteReader(openedChunks(handle, secret)[Symbol.asyncIterator]());
    for (;;) {
      const nameLength = (await reader.take(2)).readUInt16BE();
      const name = (await reader.take(nameLength)).toString('utf8');
      const size = Number((await reader.take(8)).readBigUInt64BE());
      if (name === '') return;
      let left = size;
      const content = (async function* () {
        while (left > 0) {
          const part = await reader.some(Math.min(left, CHUNK));
          left -= part.length;
          yield part;
        }
      })();
      yield { name, size, content };
      // Whatever the caller did not read is skipped.
      while (left > 0) left -= (await reader.some(Math.min(left, CHUNK))).length;
    }
  } finally {
    await handle.close();
  }
}
