import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  createUploadStore,
  describeContent,
  fileNameForType,
  isAcceptableFileName,
  isStoredName,
  sniffContentType,
  uploadDirectoryOf,
} from './uploads.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffContentType', () => {
  it('knows PDF, JPEG and PNG by their first bytes', () => {
    expect(sniffContentType(text('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10))).toBe('image/jpeg');
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00))).toBe('image/png');
  });

  it('answers null for anything else, a near miss or too few bytes', () => {
    for (const sample of [
      text('#!/bin/sh\nrm -rf /'),
      text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      text('%PDF'),
      text(' %PDF-1.7'),
      bytes(0xff, 0xd8),
      bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a),
      bytes(),
    ]) {
      expect(sniffContentType(sample)).toBeNull();
    }
  });
});

describe('describeContent', () => {
  it('says what a refused file looks like', () => {
    expect(describeContent(bytes())).toBe('empty');
    expect(describeContent(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(describeContent(text('\uFEFF<?xml version="1.0"?>\n<svg></svg>'))).toBe('svg');
    expect(describeContent(text('<!DOCTYPE html><html></html>'))).toBe('html');
    expect(describeContent(text('#!/bin/sh\necho hi\n'))).toBe('text');
    expect(describeContent(text('name,amount\nஅ,1\n'))).toBe('text');
    expect(describeContent(text('GIF89a...'))).toBe('gif');
    expect(describeContent(text('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(describeContent(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00))).toBe('zip');
    expect(describeContent(bytes(0x4d, 0x5a, 0x90, 0x00))).toBe('executable');
    expect(describeContent(bytes(0x7f, 0x45, 0x4c, 0x46, 0x02))).toBe('executable');
    expect(describeContent(bytes(0x00, 0x01, 0x02, 0xfe, 0xff, 0x10, 0x80))).toBe('unknown');
  });
});

describe('isAcceptableFileName', () => {
  it('keeps ordinary names, in any script', () => {
    for (const name of ['licence.pdf', 'Scan 2026-05-01 (1).jpg', 'ஓட்டுநர் உரிமம்.png', 'a.b.c.pdf', 'x'.repeat(200)]) {
      expect(isAcceptableFileName(name), name).toBe(true);
    }
  });

  it('refuses paths, "..", control characters, extension-disguising overrides, empty and over-long names', () => {
    for (const name of [
      '../../etc/passwd.pdf',
      'dir/file.pdf',
      'C:\\Users\\x.pdf',
      '..',
      'file..pdf',
      'a\u0000b.pdf',
      'line\nbreak.pdf',
      'tab\t.pdf',
      'del\u007f.pdf',
      'invoice\u202Efdp.exe',
      '',
      'x'.repeat(201),
    ]) {
      expect(isAcceptableFileName(name), JSON.stringify(name)).toBe(false);
    }
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII filename and the UTF-8 name percent-encoded', () => {
    expect(attachmentDisposition('licence.pdf')).toBe(`attachment; filename="licence.pdf"; filename*=UTF-8''licence.pdf`);
    expect(attachmentDisposition('உரிமம் "1".pdf')).toBe(
      `attachment; filename="______ _1_.pdf"; filename*=UTF-8''${encodeURIComponent('உரிமம்')}%20%221%22.pdf`,
    );
    expect(attachmentDisposition("it's (x)*.png")).toBe(`attachment; filename="it's (x)*.png"; filename*=UTF-8''it%27s%20%28x%29%2A.png`);
  });
});

describe('uploadDirectoryOf', () => {
  it('is UPLOAD_DIR, else <DATA_DIR>/uploads, else (in-memory database) a temporary folder', () => {
    expect(uploadDirectoryOf({ UPLOAD_DIR: '/srv/files', DATA_DIR: './data' })).toEqual({ dir: '/srv/files', ephemeral: false });
    expect(uploadDirectoryOf({ DATA_DIR: './data' })).toEqual({ dir: resolve('./data/uploads'), ephemeral: false });
    expect(uploadDirectoryOf({ DATA_DIR: 'memory://' })).toEqual({ dir: null, ephemeral: true });
  });
});

describe('the upload store', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'ps-uploads-test-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('makes its folder on first use (0700), receives under a temporary name, keeps under a random one', async () => {
    const dir = join(root, 'a', 'uploads');
    const store = createUploadStore({ dir, ephemeral: false });
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 0x20)]);
    const received = await store.receive(Readable.from([content.subarray(0, 3), content.subarray(3)]));
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(received.size).toBe(content.length);
    expect(received.head).toEqual(content.subarray(0, 512));
    const [temporary] = await readdir(dir);
    expect(temporary).toMatch(/^\.upload-.+\.part$/);
    expect(isStoredName(temporary ?? '')).toBe(false);

    const stored = await store.keep(received, 'application/pdf');
    expect(stored).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await readdir(dir)).toEqual([stored]);
    expect(await readFile(join(dir, stored))).toEqual(content);
    // Discarding a kept file's receipt changes nothing; removing it twice is fine.
    await store.discard(received);
    expect(await readdir(dir)).toEqual([stored]);
    const handle = await store.open(stored);
    expect((await handle?.stat())?.size).toBe(content.length);
    await handle?.close();
    await store.remove(stored);
    await store.remove(stored);
    expect(await readdir(dir)).toEqual([]);
    expect(await store.open(stored)).toBeUndefined();
  });

  it('leaves nothing behind when the stream fails half-way', async () => {
    const dir = join(root, 'b');
    const store = createUploadStore({ dir, ephemeral: false });
    async function* broken() {
      yield Buffer.from('%PDF-1.4 part one');
      throw new Error('connection lost');
    }
    await expect(store.receive(Readable.from(broken()))).rejects.toThrow('connection lost');
    expect(await readdir(dir)).toEqual([]);
  });

  it('never turns a name it did not make into a path', async () => {
    const store = createUploadStore({ dir: join(root, 'c'), ephemeral: false });
    await expect(store.remove('../../etc/passwd')).rejects.toThrow(/not a stored upload name/);
    await expect(store.open('x.pdf')).rejects.toThrow(/not a stored upload name/);
  });

  it('removes a temporary folder (in-memory database) at close, and keeps a configured one', async () => {
    const temporary = createUploadStore({ dir: null, ephemeral: true });
    const dir = await temporary.directory();
    expect((await stat(dir)).isDirectory()).toBe(true);
    await temporary.close();
    await expect(stat(dir)).rejects.toThrow();

    const configured = createUploadStore({ dir: join(root, 'd'), ephemeral: false });
    const kept = await configured.directory();
    await configured.close();
    expect((await stat(kept)).isDirectory()).toBe(true);
  });
});

describe('fileNameForType', () => {
  it('gives a name the extension of the type its bytes were checked as', () => {
    expect(fileNameForType('statement.html', 'application/pdf')).toBe('statement.pdf');
    expect(fileNameForType('statement.pdf.exe', 'application/pdf')).toBe('statement.pdf.pdf');
    expect(fileNameForType('scan', 'image/png')).toBe('scan.png');
    expect(fileNameForType('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(fileNameForType('photo.jpg', 'image/jpeg')).toBe('photo.jpg');
    expect(fileNameForType('cover.svg', 'image/webp')).toBe('cover.webp');
    // Windows drops trailing dots and spaces, which would show the extension before them.
    expect(fileNameForType('invoice.html. . ', 'application/pdf')).toBe('invoice.pdf');
    expect(fileNameForType('.htaccess', 'image/png')).toBe('.htaccess.png');
    expect(fileNameForType('...', 'image/png')).toBe('file.png');
    expect(fileNameForType('உரிமம் (2026).pdf', 'application/pdf')).toBe('உரிமம் (2026).pdf');
  });
});
