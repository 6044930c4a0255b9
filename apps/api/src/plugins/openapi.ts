import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and the path, so no route has to invent one:
 * `GET /api/airport/get/:id` → `getAirportGetById`, `POST /api/auth/totp/setup` → `postAuthTotpSetup`.
 * Method and path identify a route, so the ids are unique by construction. A route may still set its own.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .map((segment) => (segment.startsWith(':') ? `By${capitalise(segment.slice(1))}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map(capitalise);
  return method.toLowerCase() + words.join('');
}

/**
 * The OpenAPI document (at /api/docs/json) and the reference page (/api/docs). `tags`: every tag a route may use, each
 * declared once with its description by the module whose routes use it (Spectral: operation-tag-defined).
 */
export async function registerOpenApi(app: FastifyInstance, tags: readonly { name: string; description: string }[]): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Parking Solutions API',
        version: '1.0.0',
        description: 'Back-office API of Parking Solutions. Messages follow Accept-Language (en, ta).',
        contact: { name: 'Parking Solutions' },
      },
      servers: [{ url: '/', description: 'The server that serves this reference' }],
      tags: tags.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic', description: 'company id and client key (sign-in page only)' },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const schema = output.schema as { hide?: boolean; operationId?: string; body?: Record<string, unknown> } | undefined;
      // zod leaves a body's `examples` out of its JSON Schema when a field transforms (a registration in capitals, a
      // flight number): taken from the schema's metadata here, so the reference shows the example (issue 23).
      const bodyExamples = examplesOf(input.schema?.body);
      if (schema?.body && bodyExamples && !('examples' in schema.body)) schema.body.examples = bodyExamples;
      if (schema && !schema.hide && !schema.operationId) {
        const method = Array.isArray(input.route.method) ? String(input.route.method[0]) : String(input.route.method);
        schema.operationId = operationIdOf(method, input.url);
      }
      return output;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** The `examples` a zod schema's metadata names (`.meta({ examples })`), if any. */
function examplesOf(schema: unknown): unknown[] | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const examples = z.globalRegistry.get(schema)?.examples;
  return Array.isArray(examples) ? examples : undefined;
}
