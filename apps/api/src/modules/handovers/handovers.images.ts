import { Readable } from 'node:stream';
import type { HandoverCreate } from '@ps/contracts/handovers';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type StoredContentType, sniffImageType, type UploadStore } from '../../lib/uploads.ts';
import { type HandoverCaller, reaches } from './handovers.reach.ts';
import { createHandoversRepository } from './handovers.repository.ts';

/**
 * A handover's images (photos of the car, the customer's signature): checked by their bytes as the documents are, kept in
 * the upload store under names the server makes, and read back only by whoever reaches their booking.
 */

/** An image sent with a handover, checked by its bytes. */
export interface CheckedImage {
  bytes: Buffer;
  contentType: StoredContentType;
  purpose: 'photo' | 'signature';
}

/**
 * Decodes and checks the photos and the signature: each must be a JPEG, PNG or WebP by its first bytes (a signature a
 * PNG), whatever the client says; the first that is not names itself (400 on `photos.<n>` or `signature`).
 */
export function checkImages(input: HandoverCreate): CheckedImage[] {
  const images: CheckedImage[] = [];
  input.photos.forEach((encoded, index) => {
    const bytes = Buffer.from(encoded, 'base64');
    const contentType = sniffImageType(bytes.subarray(0, 16));
    if (!contentType) {
      throw new AppError(400, 'handover_image_invalid', {
        vars: { number: String(index + 1) },
        details: [{ field: `photos.${index}`, code: 'errors.handover_image_invalid', message: '' }],
      });
    }
    images.push({ bytes, contentType, purpose: 'photo' });
  });
  if (input.signature !== null) {
    const bytes = Buffer.from(input.signature, 'base64');
    if (sniffImageType(bytes.subarray(0, 16)) !== 'image/png') {
      throw new AppError(400, 'handover_signature_invalid', {
        details: [{ field: 'signature', code: 'errors.handover_signature_invalid', message: '' }],
      });
    }
    images.push({ bytes, contentType: 'image/png', purpose: 'signature' });
  }
  return images;
}

/** Writes the images to the upload store; none stays when one fails. */
export async function storeImages(uploads: UploadStore, images: CheckedImage[]) {
  const stored: Array<CheckedImage & { storedName: string; size: number }> = [];
  try {
    for (const image of images) {
      const received = await uploads.receive(Readable.from([image.bytes]));
      stored.push({ ...image, storedName: await uploads.keep(received, image.contentType), size: received.size });
    }
  } catch (error) {
    await Promise.all(stored.map((image) => uploads.remove(image.storedName)));
    throw error;
  }
  return stored;
}

/** Removes stored images whose record was not written (or a replay's copies). */
export async function discardImages(uploads: UploadStore, stored: ReadonlyArray<{ storedName: string }>): Promise<void> {
  await Promise.all(stored.map((image) => uploads.remove(image.storedName)));
}

/** A handover's image for download: 404 unless the company's (and its bytes still there). */
export async function openHandoverImage(db: DbOrTx, uploads: UploadStore, log: FastifyBaseLogger, caller: HandoverCaller, id: number) {
  const repository = createHandoversRepository(db, caller.companyId);
  const file = await repository.file(id);
  const owner = file?.handover_id == null ? undefined : await repository.findById(file.handover_id);
  if (!file || !owner || !(await reaches(db, caller, owner.booking_id))) throw notFound();
  const handle = await uploads.open(file.stored_name);
  if (!handle) {
    log.error({ handover_file_id: file.id }, 'handover image missing from the upload directory');
    throw notFound();
  }
  try {
    const { size } = await handle.stat();
    return { file, size, stream: handle.createReadStream() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
