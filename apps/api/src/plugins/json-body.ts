import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype and constructor poisoning refused), except that an EMPTY
 * body with `content-type: application/json` counts as no body at all. Clients (fetch wrappers, proxies)
 * often send the header on a DELETE or another body-less call; such a request must work exactly as one
 * without the header, not end in Fastify's "body cannot be empty" 400. A route that needs a body still
 * answers 400 through its schema, with the usual details.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
