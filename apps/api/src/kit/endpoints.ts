import {
  type AnyEndpoint,
  builtInRolePermissions,
  dataEnvelope,
  type EndpointBody,
  type EndpointHeaders,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReplyData,
  type EndpointReplyEnvelope,
  listEnvelope,
  messageEnvelope,
  type Pagination,
} from '@ps/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../plugins/errors.ts';

/**
 * Registers a route from its endpoint declaration (packages/contracts, `endpoint()`): method, path, permission or
 * public reason, params/query/body schemas and the answer's envelope all come from the declaration; the route adds
 * only what is the server's own (the words of the API reference, the handler). The handler's `request.params`,
 * `query` and `body` are typed by the schemas that validated them: no cast.
 */

/** A request of an endpoint, its inputs as the schemas made them (coerced, defaults filled). */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
  Headers: EndpointHeaders<E> extends undefined ? Record<string, string | string[] | undefined> : EndpointHeaders<E>;
}>;

/** What a handler answers, by the endpoint's shape (a `raw` endpoint's handler sends its own body). */
export type EndpointReply<E extends AnyEndpoint> = E['shape'] extends 'data'
  ? { message: string; data: EndpointReplyData<E> } & EndpointReplyEnvelope<E>
  : E['shape'] extends 'list'
    ? { message: string; data: EndpointReplyData<E>; pagination: Pagination } & EndpointReplyEnvelope<E>
    : E['shape'] extends 'message'
      ? { message: string } & EndpointReplyEnvelope<E>
      : unknown;

type ErrorStatus = Parameters<typeof errorResponses>[number];

export interface ServeOptions<E extends AnyEndpoint> {
  summary: string;
  description: string;
  /**
   * Error answers beyond those the declaration implies (400 with inputs, 401 and 403 with a permission, 404 with path
   * parameters, 503 always): 409, 413, 415, 429...
   */
  errors?: readonly ErrorStatus[];
  /**
   * The API reference's success responses when the declaration's cannot say them: a `raw` endpoint's content types, a
   * sign-in step's two answers (200 one more step, 202 signed in).
   */
  responses?: Record<number, unknown>;
  /**
   * Route options of the server's own: a multipart reader (`preValidation`), its validation left to the handler so it
   * can remove a refused upload's file (`attachValidation`), no compression for a stream.
   */
  options?: Pick<RouteOptions, 'preValidation' | 'compress' | 'bodyLimit' | 'attachValidation'>;
  /**
   * Retry-safe by `Idempotency-Key` (plugins/idempotency.ts): the same key and inputs answer the first answer again. For
   * the actions a phone queues offline; the header and its answers are added to the API reference.
   */
  idempotent?: boolean;
  handler(request: EndpointRequest<E>, reply: FastifyReply): Promise<EndpointReply<E>>;
}

const knownPermissions = new Set<string>(Object.values(builtInRolePermissions).flat());

/** The optional header of a retry-safe route, for the API reference (the plugin checks it). */
const idempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7E]{1,100}$/)
    .optional()
    .meta({ description: 'Makes a retry answer the first answer' }),
});
const IDEMPOTENT_NOTE = `Retry-safe: with an \`Idempotency-Key\` header (1-100 visible ASCII characters) the same key and inputs from the same user
answer the first answer again (with \`Idempotent-Replayed: true\`) without doing the work twice; the key with other inputs is 409
\`idempotency_key_reused\`, and 409 \`idempotency_in_progress\` while the first is still running.`;

/** The success answer's schema, by shape, with the envelope's own fields. */
function successSchema(endpoint: AnyEndpoint, responses: Record<number, unknown> | undefined): Record<number, unknown> {
  if (responses) return responses;
  const response = endpoint.schemas.response as z.ZodType | undefined;
  const envelope = (endpoint.schemas.envelope ?? {}) as z.ZodRawShape;
  const need = (what: string) => {
    if (!response) throw new Error(`${endpoint.method} ${endpoint.path}: ${what}`);
    return response;
  };
  switch (endpoint.shape) {
    case 'message':
      return { [endpoint.status]: messageEnvelope.extend(envelope) };
    case 'list':
      return { [endpoint.status]: listEnvelope(need("a list declares its rows' schema")).extend(envelope) };
    case 'data':
      return { [endpoint.status]: dataEnvelope(need('a data answer declares its schema')).extend(envelope) };
    case 'raw':
      return { [endpoint.status]: need('a raw answer declares its body, or the route its responses') };
  }
}

/** The error answers a declaration implies, with the route's own. */
function errorsOf(endpoint: AnyEndpoint, extra: readonly ErrorStatus[]): ErrorStatus[] {
  const { params, query, body } = endpoint.schemas;
  const implied: ErrorStatus[] = [];
  if (params || query || body) implied.push(400);
  // `session` is every signed-in user's: such a call is refused without a token, never for want of a permission.
  if ('permission' in endpoint.access)
    implied.push(...(endpoint.access.permission === 'session' ? [401 as const] : [401 as const, 403 as const]));
  if (params) implied.push(404);
  implied.push(503);
  return [...new Set([...implied, ...extra])].sort((a, b) => a - b);
}

/** Who the API reference says may call it: a bearer token, the public site's client key, or anyone. */
function securityOf(endpoint: AnyEndpoint) {
  if ('permission' in endpoint.access) return { security: [{ bearer: [] }] };
  return endpoint.access.public === 'client-key' ? { security: [{ basic: [] }] } : {};
}

/** A list's answer: one page of rows, the page asked for and how many rows there are in all. */
export function listAnswer<Row>(
  request: FastifyRequest & { query: { page: number; page_size: number } },
  { items, total, capped }: { items: Row[]; total: number; capped?: boolean },
) {
  return {
    message: request.t('success.list'),
    data: items,
    pagination: { page: request.query.page, page_size: request.query.page_size, total, ...(capped ? { total_capped: true } : {}) },
  };
}

/** A list answered whole, on one page (a driver's documents, a day's partner trips). */
export function wholeListAnswer<Row>(request: FastifyRequest, items: Row[]) {
  return { message: request.t('success.list'), data: items, pagination: { page: 1, page_size: items.length, total: items.length } };
}

/** The validators of a route that reads its own multipart form: its body is not checked (the parts are the handler's). */
const formRouteValidator: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

/** `serve(endpoint, options)` for one tag of the API reference (a module's routes). */
export function endpointServer(app: FastifyInstance, tag: string) {
  return function serve<E extends AnyEndpoint>(endpoint: E, options: ServeOptions<E>): void {
    const permission = 'permission' in endpoint.access ? endpoint.access.permission : undefined;
    if (permission && !knownPermissions.has(permission)) {
      throw new Error(`${endpoint.method} ${endpoint.path} needs ${permission}, which no role can hold`);
    }
    const { params, query, body, headers } = endpoint.schemas;
    // A multipart body is a form its route reads: a reader before validation puts its fields in `request.body` (then the
    // declaration's schema checks them), or the handler reads the parts itself (the schema then only documents them).
    const readsItsOwnForm = endpoint.multipart && !options.options?.preValidation;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: {
        ...(permission ? { permission } : { public: (endpoint.access as { public: 'sign-in' | 'client-key' | 'reference' }).public }),
        ...('finance' in endpoint.access && endpoint.access.finance ? { finance: true as const } : {}),
        ...(options.idempotent ? { idempotent: true } : {}),
      },
      ...(readsItsOwnForm ? { validatorCompiler: formRouteValidator as FastifySchemaCompiler<unknown> } : {}),
      ...options.options,
      schema: {
        tags: [tag],
        ...securityOf(endpoint),
        summary: options.summary,
        description: options.idempotent ? `${options.description}\n\n${IDEMPOTENT_NOTE}` : options.description,
        ...(params ? { params } : {}),
        ...(query ? { querystring: query } : {}),
        ...(body ? { body } : {}),
        ...(headers ? { headers } : options.idempotent ? { headers: idempotencyKeyHeaders } : {}),
        ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
        response: {
          ...successSchema(endpoint, options.responses),
          ...errorResponses(...errorsOf(endpoint, [...(options.errors ?? []), ...(options.idempotent ? [409 as const] : [])])),
        },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        reply.code(endpoint.status);
        // The route's schemas validated (and coerced) the inputs before this runs: the request is the endpoint's.
        return options.handler(request as unknown as EndpointRequest<E>, reply);
      },
    });
  };
}
export type Serve = ReturnType<typeof endpointServer>;
