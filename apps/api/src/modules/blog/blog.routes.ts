import fastifyMultipart from '@fastify/multipart';
import { blogCoverContentTypes, blogEndpoints, MAX_COVER_BYTES, MAX_COVER_MEGABYTES } from '@ps/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf, registerCrudRoutes } from '../../kit/routes.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { describeContent, type ReceivedFile, sniffContentType, sniffImageType, type UploadStore } from '../../lib/uploads.ts';
import { companyFromBasicHeader } from '../web-config/web-config.service.ts';
import { createBlogService, type OpenedCover } from './blog.service.ts';

/** Multipart for the cover upload only: one file of at most MAX_COVER_BYTES, no text fields to speak of. */
const multipartOptions = {
  limits: { fileSize: MAX_COVER_BYTES, files: 1, fields: 2, fieldSize: 100, fieldNameSize: 100, parts: 4, headerPairs: 20 },
  throwFileSizeLimit: true,
  isPartAFile: (fieldName: string | undefined, _contentType: string | undefined, fileName: string | undefined) =>
    fieldName === 'file' || fileName !== undefined,
};

/** The file each cover upload's form reader received, for its handler (the body's `file` is only what validation sees). */
const receivedCovers = new WeakMap<FastifyRequest, ReceivedFile>();

/**
 * Reads the cover form before validation: the file into the upload store under a temporary name (removed again if
 * anything fails here), any other part into the body so the strict schema refuses it. Over the limit: 413.
 */
function coverFormReader(uploads: UploadStore) {
  return async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type');
    const fields: Record<string, unknown> = {};
    let file: ReceivedFile | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            fields[part.fieldname === 'file' ? 'file_2' : part.fieldname] = '';
            for await (const _chunk of part.file);
            continue;
          }
          file = await uploads.receive(part.file);
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
    if (file) receivedCovers.set(request, file);
    request.body = { ...fields, file };
  };
}

/** An image answer: its sniffed type, never sniffed again by the browser. */
function sendCover(reply: FastifyReply, cover: OpenedCover, cacheControl: string) {
  return reply
    .header('content-type', cover.contentType)
    .header('content-length', String(cover.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('content-disposition', 'inline')
    .send(cover.stream);
}

const imageResponse = {
  description: 'The image',
  content: Object.fromEntries(blogCoverContentTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
};

/** Spec 7: blog/add, list, get/{id}, update/{id}, delete/{id}; the cover; and the public list for the company's site. */
export function registerBlogRoutes(app: FastifyInstance, { db, uploads }: ModuleDeps): void {
  const service = createBlogService(db, uploads, app.log);
  const serve = endpointServer(app, 'blog');

  // The public site's calls (Basic company id and client key, no user): registered first so the reference lists them
  // first; the paths do not overlap the back-office's.
  serve(blogEndpoints.publicList, {
    summary: "The company's published posts for its public site (Basic: company id and client key)",
    description: `No user token: authorised with Basic company_id:client_key, as \`GET /api/location/public/list\` (a wrong key is 401).
Only published posts whose \`published_at\` has come (a scheduled post appears from then on; drafts never), newest first. \`language\`
(\`en\`, \`ta\`) filters, \`search\` looks in the title, slug and text; paging with \`page\` and \`page_size\` (at most 100). Each post has
an excerpt (about 200 characters of its text) and, with a cover, its \`cover_url\` (\`GET /api/blog/public/cover/{id}\`, same key).`,
    errors: [401],
    handler: async (request) => {
      const companyId = await companyFromBasicHeader(db, request.headers.authorization);
      return listAnswer(request, await service.publicList(companyId, request.query));
    },
  });

  serve(blogEndpoints.publicGet, {
    summary: 'One published post of the company by its address (Basic: company id and client key)',
    description: `The post whose \`language\` and \`slug\` these are, with its body: HTML the API's allowlist left (paragraphs, headings, emphasis,
lists, quotes, code, rules and http(s)/mailto links with \`rel="noopener noreferrer nofollow"\`), safe to place in a page as it is. A draft,
a post scheduled for later, another company's or an unknown one: 404.`,
    errors: [401],
    handler: async (request) => {
      const companyId = await companyFromBasicHeader(db, request.headers.authorization);
      const { language, slug } = request.params;
      return { message: request.t('success.fetched'), data: await service.publicGet(companyId, language, slug) };
    },
  });

  serve(blogEndpoints.publicCover, {
    summary: "A published post's cover image (Basic: company id and client key)",
    description: `The cover of a post that is on the company's site, as its type (JPEG, PNG or WebP) with \`nosniff\`; cached by browsers and
proxies for 5 minutes. A draft's, a scheduled post's, another company's, or a post without a cover: 404.`,
    errors: [401],
    responses: { 200: imageResponse },
    options: { compress: false },
    handler: async (request, reply) => {
      const companyId = await companyFromBasicHeader(db, request.headers.authorization);
      return sendCover(reply, await service.openPublicCover(companyId, request.params.id), 'public, max-age=300');
    },
  });

  registerCrudRoutes(serve, {
    endpoints: blogEndpoints,
    scope: 'company',
    // The list answers summaries (no body): it is served below with its own schema.
    only: ['add', 'get', 'update', 'delete'],
    service,
    docs: {
      add: {
        summary: 'Write a blog post',
        description: `\`title\` (3-200 characters), \`body\` (the editor's HTML, at most 100,000 characters), \`language\` (\`en\`, default, or \`ta\`),
\`status\` (\`draft\`, default, or \`published\`), optional \`published_at\` (only with \`published\`: when it goes on the site; a later time
schedules it; without it, now) and optional \`slug\` (lower-case letters, digits and hyphens). Without a slug one is made from the title
(Tamil spelled in Latin letters: வணக்கம் gives \`vanakkam\`; \`post\` when nothing is left) and numbered on (\`-2\`, \`-3\`) while taken; a
slug sent that another post of your company in that language has: 409 \`blog_slug_taken\` on \`slug\`.

The body is rewritten by an allowlist on every write: paragraphs, headings (h2-h4; h1 becomes h2), bold, italic, underline, strike, code,
code blocks, lists, quotes, rules, line breaks and links (absolute http, https or mailto only, with \`rel="noopener noreferrer nofollow"\`).
Scripts, styles, event handlers, images, frames, forms, SVG and MathML are dropped, the answer shows what was kept. A body with no text left:
400 \`blog_body_empty\` on \`body\`. Audited.`,
      },
      get: { summary: 'One blog post', description: "With its stored (sanitised) body and its cover facts. Another company's post: 404." },
      update: {
        summary: 'Change a blog post, publish or unpublish it',
        description: `Any subset of the add's fields; the body is sanitised again. \`status: "published"\` publishes (now, or at \`published_at\`);
a published post saved again keeps its \`published_at\` unless one is sent (\`null\`: now); \`status: "draft"\` takes it off the site and
clears \`published_at\` (a draft with a \`published_at\`: 400 on the field). The slug does not follow a new title. Every change is audited
with before and after, so an unpublished post's history stays in the audit log.`,
      },
      delete: { summary: 'Delete a blog post', description: 'The post and its cover image; audited with what it was.' },
    },
  });

  serve(blogEndpoints.list, {
    summary: "Your company's blog posts",
    description: `Last changed first unless sorted (\`title\`, \`slug\`, \`language\`, \`status\`, \`published_at\`, \`created_at\`, \`updated_at\`; \`-\`
for descending). \`search\` looks in the title, slug and text; \`status\` (\`draft\`, \`published\`) and \`language\` (\`en\`, \`ta\`) filter.
Each post comes without its body, with an excerpt of about 200 characters.`,
    handler: async (request) => {
      return listAnswer(request, await service.list(companyActorOf(request), request.query));
    },
  });

  // The cover upload in a plugin of its own: only this route (and the other upload routes) accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, multipartOptions);
    endpointServer(scope, 'blog')(blogEndpoints.setCover, {
      summary: "Set or replace a post's cover image",
      description: `A \`multipart/form-data\` form with one \`file\`: a JPEG, PNG or WebP image **by its content** (its first bytes decide, never
its name or the Content-Type sent: else 400 \`blog_cover_type_not_allowed\` saying what it looks like) of at most ${MAX_COVER_MEGABYTES} MB
(413 \`payload_too_large\`, nothing kept). No file: 400 \`file_missing\`. The server stores it under a name of its own; the previous cover's
file is removed once the post names the new one. Another company's post: 404. Audited.`,
      errors: [413, 415],
      // A bad form's 400 is answered by the handler, after the file the form reader kept is removed.
      options: { preValidation: coverFormReader(uploads), attachValidation: true },
      handler: async (request) => {
        const file = receivedCovers.get(request) ?? null;
        try {
          if (request.validationError) throw request.validationError;
          if (!file || file.size === 0) throw fieldError('file_missing', 'file');
          const contentType = sniffImageType(file.head);
          if (!contentType) {
            const kind = sniffContentType(file.head) === 'application/pdf' ? 'pdf' : describeContent(file.head);
            throw new AppError(400, 'blog_cover_type_not_allowed', {
              vars: { found: request.t(`uploads.found.${kind}`) },
              details: [{ field: 'file', code: 'errors.blog_cover_type_not_allowed', message: '' }],
            });
          }
          const post = await service.setCover(companyActorOf(request), request.params.id, { file, contentType });
          return { message: request.t('success.updated'), data: post };
        } finally {
          // A kept file was renamed already: this removes a refused upload's temporary file only.
          if (file) await uploads.discard(file);
        }
      },
    });
  });

  serve(blogEndpoints.removeCover, {
    summary: "Take a post's cover image off",
    description:
      "The post no longer has a cover; its file is removed. A post without one is answered as it is. Another company's post: 404. Audited.",
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.removeCover(companyActorOf(request), request.params.id),
    }),
  });

  serve(blogEndpoints.cover, {
    summary: "A post's cover image (back-office)",
    description: `The cover of any of your company's posts, drafts too, as its type (JPEG, PNG or WebP) with \`nosniff\` and
\`Cache-Control: private, no-store\`. No cover, or another company's post: 404.`,
    responses: { 200: imageResponse },
    options: { compress: false },
    handler: async (request, reply) =>
      sendCover(reply, await service.openCover(companyActorOf(request), request.params.id), 'private, no-store'),
  });
}
