import fastifyMultipart from '@fastify/multipart';
import { MAX_LOGO_BYTES, webConfigEndpoints } from '@ps/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { describeContent, HEAD_BYTES, sniffContentType } from '../../lib/uploads.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { companyFromBasicHeader, type LogoType, logoDataUrl, setLogo, updateWebConfig, webConfigOf } from './web-config.service.ts';

/** The logo form: one `file` part, nothing else. */
const logoMultipartOptions = {
  limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 20 },
  throwFileSizeLimit: true,
};

/** The uploaded logo's bytes and what they are (by the bytes only: PNG, JPEG or SVG), or the user's error. */
async function readLogo(request: FastifyRequest): Promise<{ type: LogoType; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || bytes) throw fieldError('file_missing', 'file');
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'logo_too_large', { details: [{ field: 'file', code: 'errors.logo_too_large', message: '' }] });
    throw error;
  }
  if (!bytes || bytes.length === 0) throw fieldError('file_missing', 'file');
  const head = bytes.subarray(0, HEAD_BYTES);
  const sniffed = sniffContentType(head);
  if (sniffed === 'image/png' || sniffed === 'image/jpeg') return { type: sniffed, bytes };
  const kind = sniffed === 'application/pdf' ? 'pdf' : describeContent(head);
  if (kind === 'svg') return { type: 'image/svg+xml', bytes };
  throw new AppError(400, 'logo_type_not_allowed', {
    vars: { found: request.t(`uploads.found.${kind}`) },
    details: [{ field: 'file', code: 'errors.logo_type_not_allowed', message: '' }],
  });
}

/**
 * The company's web config: the public read for the sign-in page (client key), the signed-in user's own
 * company's (the app's theme), and a company admin's changes (name, colours, logo), each audited.
 */
export function registerWebConfigRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const serve = endpointServer(app, 'web-config');

  endpointServer(app, 'reference')(webConfigEndpoints.public, {
    summary: "The company's public web config for the sign-in page (Basic: company id and client key)",
    description:
      "What the sign-in page shows before anyone signs in: the company's name, logo and colours. Authorised with Basic company_id:client_key (the page gets the key in its HTML); a wrong key is 401. Grants nothing else.",
    errors: [401],
    handler: async (request) => {
      const companyId = await companyFromBasicHeader(db, request.headers.authorization);
      return { message: request.t('success.fetched'), data: await webConfigOf(db, companyId) };
    },
  });

  serve(webConfigEndpoints.company, {
    summary: "Your company's web config",
    description: "The signed-in user's company's name, logo and colours: the app themes itself with them after sign-in.",
    handler: async (request) => ({ message: request.t('success.fetched'), data: await webConfigOf(db, callerCompanyId(request)) }),
  });

  serve(webConfigEndpoints.update, {
    summary: "Change your company's name and colours",
    description: `Any of \`name\` (shown on the sign-in page and in the app's header), \`primary_color\` and \`background_color\`
(\`#rrggbb\`). The colours keep WCAG AA contrast (4.5:1) or are refused with the ratio they reach: the main colour's text
shade against white (400 \`primary_color_contrast\`), and body text, secondary text and links against the background (400
\`background_color_contrast\`). Audited as \`web_config\`.`,
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await updateWebConfig(db, companyActorOf(request), request.body),
    }),
  });

  serve(webConfigEndpoints.removeLogo, {
    summary: "Remove your company's logo",
    description: 'The sign-in page and the header show the company name instead. Audited as `web_config`.',
    handler: async (request) => ({ message: request.t('success.updated'), data: await setLogo(db, companyActorOf(request), null) }),
  });

  // The upload in a plugin of its own: only this route accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, logoMultipartOptions);
    endpointServer(scope, 'web-config')(webConfigEndpoints.uploadLogo, {
      summary: "Upload your company's logo",
      description: `A \`multipart/form-data\` form with one \`file\`: a PNG, JPEG or SVG image of at most 256 kB (413 \`logo_too_large\`
over that). What the file is comes from its bytes, never its name or the Content-Type sent (400 \`logo_type_not_allowed\`
saying what it looks like). An SVG is cut down to drawing only (shapes, text, gradients): scripts, event handlers, links,
external references, styles and animation are removed, and a file with nothing left is 400 \`logo_empty\`. Stored as a
\`data:\` URL in the web config. Audited as \`web_config\` (the log keeps the type, size and digest, not the image).`,
      errors: [400, 413, 415],
      handler: async (request) => {
        const logo = await readLogo(request);
        return {
          message: request.t('success.updated'),
          data: await setLogo(db, companyActorOf(request), logoDataUrl(logo.type, logo.bytes)),
        };
      },
    });
  });
}
