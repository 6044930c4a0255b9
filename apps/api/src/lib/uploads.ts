import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, mkdtemp, open, rename, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlogCoverContentType } from '@ps/contracts/common/blogStates';
import type { DriverDocumentContentType } from '@ps/contracts/common/driverStates';

/**
 * Uploaded files (driver documents, blog covers) on the server's disk. Plain functions, no Fastify:
 * - what a file is, is decided by its first bytes only (never its name or the client's Content-Type);
 * - a stored file gets a name the server makes (a random UUID and the extension of its sniffed type), so
 *   nothing the user sent ever becomes part of a path;
 * - a file is written under a temporary name in the upload directory and renamed once complete, so a
 *   half-written file never carries a stored name.
 */

/** How many first bytes are kept to tell what a file is. */
export const HEAD_BYTES = 512;

/** Every type a stored upload can be. */
export type StoredContentType = DriverDocumentContentType | BlogCoverContentType;

const extensions: Record<StoredContentType, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The accepted type the bytes are (PDF, JPEG or PNG), or null: by the bytes only. */
export function sniffContentType(firstBytes: Uint8Array): DriverDocumentContentType | null {
  if (startsWith(firstBytes, PDF)) return 'application/pdf';
  if (startsWith(firstBytes, JPEG)) return 'image/jpeg';
  if (startsWith(firstBytes, PNG)) return 'image/png';
  return null;
}

/** A WebP image: a RIFF container whose form type is `WEBP`. */
const isWebp = (bytes: Uint8Array) =>
  startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && bytes.length >= 12 && ascii(bytes.subarray(8, 12)) === 'WEBP';

/** The image type the bytes are (JPEG, PNG or WebP: what a web page shows everywhere), or null: by the bytes only. */
export function sniffImageType(firstBytes: Uint8Array): BlogCoverContentType | null {
  if (startsWith(firstBytes, JPEG)) return 'image/jpeg';
  if (startsWith(firstBytes, PNG)) return 'image/png';
  if (isWebp(firstBytes)) return 'image/webp';
  return null;
}

/** What a refused file looks like, for the user's message: each kind has a text under `uploads.found.<kind>`. */
export const contentKinds = ['empty', 'svg', 'html', 'gif', 'webp', 'zip', 'executable', 'text', 'unknown'] as const;
export type ContentKind = (typeof contentKinds)[number];

/** A guess at what a refused file is, from its first bytes (for the message only; nothing relies on it). */
export function describeContent(firstBytes: Uint8Array): ContentKind {
  if (firstBytes.length === 0) return 'empty';
  if (startsWith(firstBytes, [0x47, 0x49, 0x46, 0x38])) return 'gif'; // GIF8
  if (isWebp(firstBytes)) return 'webp';
  if (startsWith(firstBytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(firstBytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(firstBytes, [0x4d, 0x5a]) || startsWith(firstBytes, [0x7f, 0x45, 0x4c, 0x46])) return 'executable'; // MZ, ELF
  if (startsWith(firstBytes, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(firstBytes, [0xfe, 0xed, 0xfa, 0xcf])) return 'executable'; // Mach-O
  if (!looksLikeText(firstBytes)) return 'unknown';
  const text = new TextDecoder('utf-8')
    .decode(firstBytes)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg')) || /^<!doctype svg/.test(text)) return 'svg';
  if (/^<!doctype html|^<html|^<head|^<body|^<script/.test(text)) return 'html';
  return 'text';
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** Text (UTF-8, no NUL, few control characters): a script, a CSV, markup... */
function looksLikeText(bytes: Uint8Array): boolean {
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  if (control > bytes.length / 20) return false;
  // A multi-byte character cut at the end of the head is still text.
  return (
    new TextDecoder('utf-8', { fatal: false })
      .decode(bytes)
      .replace(/\uFFFD$/, '')
      .includes('\uFFFD') === false
  );
}

export const MAX_FILE_NAME_LENGTH = 200;

/**
 * Whether an uploaded file's name may be kept (for display and the download's name). Refused: a path
 * (`/`, `\`, `..`), control characters (and the bidirectional overrides that disguise an extension), an
 * empty name, and names longer than 200 characters.
 */
export function isAcceptableFileName(name: string): boolean {
  if (name.length === 0 || [...name].length > MAX_FILE_NAME_LENGTH) return false;
  if (name.includes('/') || name.includes('\\') || name.includes('..')) return false;
  return !/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(name);
}

/** Extensions a type may keep as the user wrote them (JPEG has two). */
const keptExtensions: Record<StoredContentType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
};

/**
 * The user's file name with the extension of the type its bytes were checked as: `statement.html` whose bytes are a PDF
 * is `statement.pdf`, `scan` is `scan.png`, `photo.JPEG` stays. A saved download is then opened as what it is, never
 * as the page or program its name claimed (trailing dots and spaces go too: Windows drops them and shows the extension
 * before them).
 */
export function fileNameForType(name: string, contentType: StoredContentType): string {
  const trimmed = name.replace(/[. ]+$/u, '');
  const dot = trimmed.lastIndexOf('.');
  const extension = dot > 0 ? trimmed.slice(dot).toLowerCase() : '';
  if (keptExtensions[contentType].includes(extension)) return trimmed;
  const base = (dot > 0 ? trimmed.slice(0, dot) : trimmed).replace(/[. ]+$/u, '');
  return `${base || 'file'}${extensions[contentType]}`;
}

/**
 * `Content-Disposition: attachment` for a download: a plain ASCII `filename` for old clients and the real
 * name as `filename*` (RFC 6266 / RFC 8187, UTF-8, percent-encoded).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Where uploads live: UPLOAD_DIR, else `<DATA_DIR>/uploads`; with an in-memory database, a temporary folder of this process. */
export function uploadDirectoryOf(config: { UPLOAD_DIR?: string | undefined; DATA_DIR: string }): {
  dir: string | null;
  ephemeral: boolean;
} {
  if (config.UPLOAD_DIR) return { dir: resolve(config.UPLOAD_DIR), ephemeral: false };
  if (config.DATA_DIR.startsWith('memory://')) return { dir: null, ephemeral: true };
  return { dir: resolve(config.DATA_DIR, 'uploads'), ephemeral: false };
}

/** A file received under its temporary name: its first bytes (to sniff) and its size. */
export interface ReceivedFile {
  tempPath: string;
  head: Buffer;
  size: number;
}

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|png|webp)$/;
const TEMP_PREFIX = '.upload-';

/** Whether a name is one the store made (a stored name from the database never reaches the disk otherwise). */
export const isStoredName = (name: string) => STORED_NAME.test(name);

const ignoreMissing = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
};

export type UploadStore = ReturnType<typeof createUploadStore>;

/**
 * The upload directory: created on first use (mode 0700). With no directory configured (an in-memory
 * database), a temporary folder is made on first use and removed by `close()`.
 */
export function createUploadStore(location: { dir: string | null; ephemeral: boolean }) {
  let ready: Promise<string> | undefined;
  const directory = (): Promise<string> => {
    ready ??= (async () => {
      if (location.dir === null) return mkdtemp(join(tmpdir(), 'ps-uploads-'));
      await mkdir(location.dir, { recursive: true, mode: 0o700 });
      return location.dir;
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const pathOf = async (storedName: string) => {
    if (!isStoredName(storedName)) throw new Error(`not a stored upload name: ${storedName}`);
    return join(await directory(), storedName);
  };

  return {
    /** The directory (created if need be). */
    directory,

    /**
     * Writes a stream to a new temporary file in the upload directory, keeping its first bytes and
     * counting its size. The temporary file is removed again if the writing fails.
     */
    async receive(source: Readable): Promise<ReceivedFile> {
      const tempPath = join(await directory(), `${TEMP_PREFIX}${randomUUID()}.part`);
      const chunks: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      try {
        await pipeline(
          source,
          async function* (input: AsyncIterable<Buffer>) {
            for await (const chunk of input) {
              if (headLength < HEAD_BYTES) {
                chunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
                headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
              }
              size += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }),
        );
      } catch (error) {
        await unlink(tempPath).catch(ignoreMissing);
        throw error;
      }
      return { tempPath, head: Buffer.concat(chunks), size };
    },

    /** Gives a received file its stored name (a new random one with the type's extension) and answers that name. */
    async keep(file: ReceivedFile, contentType: StoredContentType): Promise<string> {
      const storedName = `${randomUUID()}${extensions[contentType]}`;
      await rename(file.tempPath, await pathOf(storedName));
      return storedName;
    },

    /** Removes a received file that is not kept (nothing when it was kept or is gone). */
    async discard(file: ReceivedFile): Promise<void> {
      await unlink(file.tempPath).catch(ignoreMissing);
    },

    /** Removes a stored file (nothing when it is gone already). */
    async remove(storedName: string): Promise<void> {
      await unlink(await pathOf(storedName)).catch(ignoreMissing);
    },

    /** Opens a stored file for reading; undefined when it is missing. */
    async open(storedName: string): Promise<FileHandle | undefined> {
      try {
        return await open(await pathOf(storedName), 'r');
      } catch (error) {
        ignoreMissing(error);
        return undefined;
      }
    },

    /** Removes a temporary upload folder (in-memory databases); a configured directory is kept. */
    async close(): Promise<void> {
      if (!location.ephemeral || !ready) return;
      const dir = await ready.catch(() => undefined);
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
