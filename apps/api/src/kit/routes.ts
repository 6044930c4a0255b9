import { dataEnvelope, idParamsSchema, listEnvelope, messageEnvelope } from '@ps/contracts';
import type { FastifyInstance, FastifyRequest, FastifySchema, onRequestHookHandler, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Permission } from '../modules/auth/permissions.ts';
import { callerCompanyId, requireCaller } from '../plugins/auth.ts';
import { errorResponses } from '../plugins/errors.ts';

/**
 * How a route is reached. Every `/api` route says it, in its `config`: the permission a signed-in caller
 * needs, or why it is public. A route that says neither is refused when the app starts, so a new route
 * cannot forget its permission.
 */
export type RouteAccess = { permission: Permission } | { public: 'sign-in' | 'client-key' | 'reference' };

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** Public routes: the sign-in steps, the sign-in page's client-key calls, the API reference. */
    public?: 'sign-in' | 'client-key' | 'reference';
  }
  interface FastifyInstance {
    /** Every `/api` route with how it is reached (the route-table test walks it). */
    routeTable: RouteTableEntry[];
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
  permission: Permission | null;
  public: string | null;
}

/**
 * Installs the guard: for each `/api` route registered from here on, the permission check (before the body
 * is even parsed) comes from `config.permission`; a route with neither a permission nor a public reason
 * stops the app from starting.
 */
export function guardRoutes(app: FastifyInstance): void {
  app.decorate('routeTable', [] as RouteTableEntry[]);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const permission = route.config?.permission ?? null;
    const publicReason = route.config?.public ?? null;
    if (!permission && !publicReason) throw new Error(`${route.method} ${route.url} declares neither a permission nor a public reason`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, permission, public: publicReason });
    }
    if (permission) {
      // After the hooks already on the route: the API rate limit's (registered before the guard), so a call refused
      // for want of a token still counts. Routes declare no onRequest hooks of their own (they could not read the
      // caller there anyway).
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [...existing, app.requirePermission(permission) as onRequestHookHandler];
    }
  });
}

/** Who acts on a company's records: the caller and their company (a record of another company is a 404). */
export interface CompanyActor {
  companyId: number;
  actorUserId: number;
}
/** Who acts on the organisation's core lists. */
export interface OrganisationActor {
  companyId: null;
  actorUserId: number;
}

type Actor<Scope> = Scope extends 'company' ? CompanyActor : OrganisationActor;

/** The caller and their company, for a route of company records written by hand (the kit's own routes use it too). */
export function companyActorOf(request: FastifyRequest): CompanyActor {
  return { companyId: callerCompanyId(request), actorUserId: requireCaller(request).userId };
}

function actorOf(request: FastifyRequest, scope: 'company' | 'organisation'): CompanyActor | OrganisationActor {
  return scope === 'company' ? companyActorOf(request) : { companyId: null, actorUserId: requireCaller(request).userId };
}

type Operation = 'add' | 'list' | 'get' | 'update' | 'delete';

/** One operation's words in the API reference. */
interface OperationDocs {
  summary: string;
  description: string;
}

/** The service method behind each operation. */
interface CrudService<
  Scope extends 'company' | 'organisation',
  Record extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  ListQuery extends z.ZodType,
> {
  list(actor: Actor<Scope>, query: z.output<ListQuery>): Promise<{ items: z.output<Record>[]; total: number }>;
  get(actor: Actor<Scope>, id: number): Promise<z.output<Record>>;
  create(actor: Actor<Scope>, input: z.output<Create>): Promise<z.output<Record>>;
  update(actor: Actor<Scope>, id: number, input: z.output<Update>): Promise<z.output<Record>>;
  delete(actor: Actor<Scope>, id: number): Promise<void>;
}
const serviceMethodOf = { add: 'create', list: 'list', get: 'get', update: 'update', delete: 'delete' } as const;
type ServiceMethodOf<O extends Operation> = (typeof serviceMethodOf)[O];

export interface CrudDefinition<
  Scope extends 'company' | 'organisation',
  Record extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  ListQuery extends z.ZodType,
  Only extends Operation = Operation,
> {
  /** `/api/airport`: the calls are `${base}/add`, `/list`, `/get/:id`, `/update/:id`, `/delete/:id` (spec 7). */
  base: string;
  /** Permission prefix: `airports` gives airports.view, .create, .update, .delete. */
  resource: string;
  tag: string;
  scope: Scope;
  schemas: { record: Record; create: Create; update: Update; listQuery: ListQuery };
  docs: { [K in Operation]?: OperationDocs };
  /**
   * The calls this resource has through the kit (payments, say, have no get or update; the blog's list answers a
   * shape of its own, registered beside); all by default. The service needs only the methods of these calls.
   */
  only?: Only[];
  service: Pick<CrudService<Scope, Record, Create, Update, ListQuery>, ServiceMethodOf<Only>>;
}

/** A resource's name in default docs: `airport` from `/api/airport`. */
function nounOf(base: string): string {
  return base.split('/').filter(Boolean).slice(1).join(' ');
}

/**
 * Registers a resource's CRUD calls from its contract: paths, permissions, schemas, envelopes, error answers
 * and docs the same way for every resource. The module adds its own extra routes beside this call.
 */
export function registerCrudRoutes<
  Scope extends 'company' | 'organisation',
  Record extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  ListQuery extends z.ZodType,
  Only extends Operation = Operation,
>(app: FastifyInstance, definition: CrudDefinition<Scope, Record, Create, Update, ListQuery, Only>): void {
  const { base, resource, schemas, scope } = definition;
  // Only the operations in `only` are registered below, and the definition's type requires their methods.
  const service = definition.service as CrudService<Scope, Record, Create, Update, ListQuery>;
  const tags = [definition.tag];
  const security = [{ bearer: [] }];
  const noun = nounOf(base);
  const actor = (request: FastifyRequest) => actorOf(request, scope) as Actor<Scope>;
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
  // The route's zod schemas have validated params, query and body before a handler runs (and the response
  // schema checks what it sends), so the handlers read them as the contract's output types.
  const operations: { [K in Operation]: Omit<RouteOptions, 'schema'> & { schema: FastifySchema; docs: OperationDocs } } = {
    add: {
      method: 'POST',
      url: `${base}/add`,
      config: { permission: `${resource}.create` as Permission },
      docs: { summary: `Add a ${noun}`, description: `Creates a ${noun}; unknown fields are refused with 400. The change is audited.` },
      schema: { body: schemas.create, response: { 201: dataEnvelope(schemas.record), ...errorResponses(400, 401, 403, 409, 503) } },
      handler: async (request, reply) => {
        const created = await service.create(actor(request), request.body as z.output<Create>);
        return reply.code(201).send({ message: request.t('success.created'), data: created });
      },
    },
    list: {
      method: 'GET',
      url: `${base}/list`,
      config: { permission: `${resource}.view` as Permission },
      docs: {
        summary: `List ${noun} records`,
        description: 'Paging (`page`, `page_size`), sort (`field` or `-field`), `search` and filters.',
      },
      schema: { querystring: schemas.listQuery, response: { 200: listEnvelope(schemas.record), ...errorResponses(400, 401, 403, 503) } },
      handler: async (request) => {
        const query = request.query as z.output<ListQuery> & { page: number; page_size: number };
        const { items, total } = await service.list(actor(request), query);
        return { message: request.t('success.list'), data: items, pagination: { page: query.page, page_size: query.page_size, total } };
      },
    },
    get: {
      method: 'GET',
      url: `${base}/get/:id`,
      config: { permission: `${resource}.view` as Permission },
      docs: { summary: `One ${noun}`, description: `The ${noun} with this id; 404 when there is none in your scope.` },
      schema: { params: idParamsSchema, response: { 200: dataEnvelope(schemas.record), ...errorResponses(400, 401, 403, 404, 503) } },
      handler: async (request) => ({ message: request.t('success.fetched'), data: await service.get(actor(request), idOf(request)) }),
    },
    update: {
      method: 'PATCH',
      url: `${base}/update/:id`,
      config: { permission: `${resource}.update` as Permission },
      docs: {
        summary: `Change a ${noun}`,
        description: 'Any subset of the fields (a status toggle sends only `status`). The change is audited.',
      },
      schema: {
        params: idParamsSchema,
        body: schemas.update,
        response: { 200: dataEnvelope(schemas.record), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
      handler: async (request) => ({
        message: request.t('success.updated'),
        data: await service.update(actor(request), idOf(request), request.body as z.output<Update>),
      }),
    },
    delete: {
      method: 'DELETE',
      url: `${base}/delete/:id`,
      config: { permission: `${resource}.delete` as Permission },
      docs: { summary: `Delete a ${noun}`, description: 'Refused with 409 while other records still use it. The deletion is audited.' },
      schema: { params: idParamsSchema, response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409, 503) } },
      handler: async (request) => {
        await service.delete(actor(request), idOf(request));
        return { message: request.t('success.deleted') };
      },
    },
  };

  for (const name of definition.only ?? (Object.keys(operations) as Operation[])) {
    const { docs, schema, ...route } = operations[name];
    app.route({ ...route, schema: { tags, security, ...(definition.docs[name] ?? docs), ...schema } });
  }
}
