import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { driverDocumentContentTypes, driverDocumentEndpoints, MAX_UPLOAD_BYTES } from '@ps/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestDay } from '../../kit/day.ts';
import { endpointServer, wholeListAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import {
  attachmentDisposition,
  describeContent,
  fileNameForType,
  isAcceptableFileName,
  type ReceivedFile,
  sniffContentType,
  type UploadStore,
} from '../../lib/uploads.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { createDriverDocumentsService } from './driver-documents.service.ts';

/** The upload's file as the form reader leaves it in the body: received under a temporary name, not yet checked. */
interface FormFile extends ReceivedFile {
  fileName: string;
}
/**
 * The upload's file, by request: the form reader leaves it in the body too (the contract's form names `file`), and the
 * handler, which checks it (present, its name, its bytes), reads it from here, as the form reader received it.
 */
const receivedFiles = new WeakMap<FastifyRequest, FormFile>();

/**
 * Multipart for this route only: one file of at most MAX_UPLOAD_BYTES, a few short fields. `preservePath`
 * keeps the name as sent (a name with a path is refused, not quietly cut), and a part named `file` is the
 * file even without a file name.
 */
const multipartOptions = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 100, fieldNameSize: 100, parts: 20, headerPairs: 20 },
  preservePath: true,
  throwFileSizeLimit: true,
  isPartAFile: (fieldName: string | undefined, _contentType: string | undefined, fileName: string | undefined) =>
    fieldName === 'file' || fileName !== undefined,
};

/** Reads a stream to its end and drops it (a file part under another name than `file`). */
async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream);
}

/**
 * Reads the multipart form before validation: text fields into the body, the file into the upload store
 * under a temporary name (removed again if anything fails here). Over a limit: 413 (busboy stops the file at
 * the limit; the error comes once the rest of the request is read).
 */
function formReader(uploads: UploadStore) {
  return async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type');
    const fields: Record<string, unknown> = {};
    let file: FormFile | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            // Refused by the strict schema as an unknown field.
            fields[part.fieldname] = '';
            await drain(part.file);
            continue;
          }
          file = { ...(await uploads.receive(part.file)), fileName: part.filename ?? '' };
          if (part.file.truncated) throw new AppError(413, 'payload_too_large');
        } else {
          if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, 'payload_too_large');
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (file) await uploads.discard(file);
      throw error;
    }
    if (file) receivedFiles.set(request, file);
    request.body = { ...fields, file };
  };
}

/** Spec: driver/documents/add, list, delete/{driver_id}/{document_id} and the file's download. */
export function registerDriverDocumentRoutes(app: FastifyInstance, { db, uploads }: ModuleDeps): void {
  const service = createDriverDocumentsService(db, uploads, app.log);
  const serve = endpointServer(app, 'driver-documents');

  // The upload in a plugin of its own: only this route accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, multipartOptions);
    endpointServer(scope, 'driver-documents')(driverDocumentEndpoints.add, {
      summary: 'Upload a document of a driver',
      description: `A \`multipart/form-data\` form: \`driver_id\`, \`document_type_id\`, \`expiry_date\` (YYYY-MM-DD; required when the type
\`has_expiry\`: else 400 \`document_expiry_required\` on \`expiry_date\`; a day before the request's day: 400 \`expiry_in_past\`) and one \`file\` of at most 10 MB (413
\`payload_too_large\` over that, nothing kept).

The file must be a PDF, JPEG or PNG **by its content**: its first bytes decide, never its name or the Content-Type sent
(400 \`file_type_not_allowed\` saying what it looks like). No file: 400 \`file_missing\`. A file name with \`/\`, \`\\\`,
\`..\` or control characters, or longer than 200 characters: 400 \`file_name_invalid\`. The server stores the file
under a name of its own; the name sent is kept for display and downloads only.

Another company's (or an unknown, or a removed) driver: 404; another company's document type: 400 on
\`document_type_id\`. The row and its audit entry (\`driver_document\`) are written together. \`expired\` is for the
request's day (\`time_zone\`, else your company's). A document of the licence type (\`is_licence\`) sets the driver's
\`licence_expiry\` to the latest expiry of their licence documents (also when one is deleted).`,
      errors: [404, 413, 415],
      // Its fields' 400 is answered by the handler, after the file the form reader kept is removed.
      options: { preValidation: formReader(uploads), attachValidation: true },
      handler: async (request) => {
        const file = receivedFiles.get(request) ?? null;
        try {
          if (request.validationError) throw request.validationError;
          const { file: _file, ...fields } = request.body;
          if (!file || file.fileName === '') throw fieldError('file_missing', 'file');
          if (!isAcceptableFileName(file.fileName)) throw fieldError('file_name_invalid', 'file');
          const contentType = sniffContentType(file.head);
          if (!contentType) {
            throw new AppError(400, 'file_type_not_allowed', {
              vars: { found: request.t(`uploads.found.${describeContent(file.head)}`) },
              details: [{ field: 'file', code: 'errors.file_type_not_allowed', message: '' }],
            });
          }
          const document = await service.create(
            companyActorOf(request),
            fields,
            { file, contentType, fileName: file.fileName.normalize('NFC') },
            await requestDay(db, callerCompanyId(request), request.query.time_zone),
          );
          return { message: request.t('success.created'), data: document };
        } finally {
          // Kept files were renamed already: this removes a refused upload's temporary file only.
          if (file) await uploads.discard(file);
        }
      },
    });
  });

  serve(driverDocumentEndpoints.expiring, {
    summary: 'Documents and licences about to expire',
    description: `For your company's drivers, what expires from the request's day (in \`time_zone\`, else your company's) to \`days\` ahead
(default 30, at most 365): per driver and active document type, the latest document held (a newer one replaces an older one; a
document without expiry never expires), and each licence on a profile (\`kind\` \`licence\`). Soonest first, with \`days_left\`.`,
    handler: async (request) => {
      const today = await requestDay(db, callerCompanyId(request), request.query.time_zone);
      const items = await service.expiring(companyActorOf(request), today, request.query.days);
      return wholeListAnswer(request, items);
    },
  });

  serve(driverDocumentEndpoints.list, {
    summary: "A driver's documents",
    description: `Every document of the driver (\`driver_id\`), newest first, all on one page, with its type's name. \`expired\`:
its \`expiry_date\` is before the request's day (in \`time_zone\`, else your company's). Another company's (or an unknown) driver: 404.`,
    errors: [404],
    handler: async (request) => {
      const { driver_id, time_zone } = request.query;
      const items = await service.list(companyActorOf(request), driver_id, await requestDay(db, callerCompanyId(request), time_zone));
      return wholeListAnswer(request, items);
    },
  });

  serve(driverDocumentEndpoints.delete, {
    summary: "Delete a driver's document",
    description: `Deletes the document (audited with what it was), then its file. A document that is not this driver's, or not
your company's: 404.`,
    handler: async (request) => {
      await service.delete(companyActorOf(request), request.params);
      return { message: request.t('success.deleted') };
    },
  });

  const fileSchema = z.string().meta({ format: 'binary' });
  serve(driverDocumentEndpoints.file, {
    summary: "Download a driver's document",
    description: `The file as uploaded, with the \`Content-Type\` its bytes were recognised as (PDF, JPEG or PNG), as an attachment
named as it was uploaded (\`filename\` in ASCII and \`filename*\` in UTF-8), \`X-Content-Type-Options: nosniff\` and
\`Cache-Control: private, no-store\`. A document that is not this driver's, or not your company's: 404.`,
    responses: {
      200: {
        description: 'The file',
        content: Object.fromEntries(driverDocumentContentTypes.map((type) => [type, { schema: fileSchema }])),
      },
    },
    // Already compressed formats, streamed as they are.
    options: { compress: false },
    handler: async (request, reply) => {
      const { document, size, stream } = await service.open(companyActorOf(request), request.params);
      return (
        reply
          .header('content-type', document.content_type)
          .header('content-length', String(size))
          // Rows from before names were corrected on upload get the right extension here too.
          .header('content-disposition', attachmentDisposition(fileNameForType(document.file_name, document.content_type)))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(stream)
      );
    },
  });
}
