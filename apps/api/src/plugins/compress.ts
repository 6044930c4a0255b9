import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing a few hundred bytes costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (JSON, the reference page) with brotli or gzip, whichever the client prefers, above
 * a small threshold. The built web app's files are compressed at build time and served as they are
 * (see web-app.ts); an answer that already has a Content-Encoding is left alone. A future streaming route
 * (server-sent events) must opt out with `compress: false` in its route options, or each event would wait
 * in the compressor's buffer.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
