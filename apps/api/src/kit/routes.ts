import type { Endpoint, Permission } from '@ps/contracts';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { callerCompanyId, requireCaller } from '../plugins/auth.ts';
import { hideFinanceFigures } from '../plugins/finance.ts';
import { listAnswer, type Serve } from './endpoints.ts';

/**
 * How a route is reached. Every `/api` route says it, in its `config`: the permission a signed-in caller
 * needs, or why it is public. A route that says neither is refused when the app starts, so a new route
 * cannot forget its permission.
 */
export type RouteAccess = { permission: Permission } | { public: 'sign-in' | 'client-key' | 'reference' };
/**
 * Why a route is public: the API's own reasons, the cross-origin preflight (plugins/public-origins.ts) and the Prometheus
 * scrape (`/metrics`, checked against METRICS_TOKEN by its handler, plugins/metrics.ts).
 */
type PublicReason = 'sign-in' | 'client-key' | 'reference' | 'preflight' | 'metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** A money endpoint: the caller also needs `finance.view` (contracts common/finance.ts). */
    finance?: true;
    /** Public routes: the sign-in steps, the sign-in page's client-key calls, the API reference, the CORS preflight, /metrics. */
    public?: PublicReason;
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
  /** The answer is money throughout: `finance.view` too. */
  finance: boolean;
  /** The answer holds money figures a caller without `finance.view` receives as null. */
  financeFigures: boolean;
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
    // The API's routes and the metrics page (a token of its own, not a user's) say how they are reached.
    if (!(route.url.startsWith('/api') || route.url === '/metrics') || route.url.startsWith('/api/docs')) return;
    const permission = route.config?.permission ?? null;
    const publicReason = route.config?.public ?? null;
    if (!permission && !publicReason) throw new Error(`${route.method} ${route.url} declares neither a permission nor a public reason`);
    const finance = route.config?.finance === true;
    // Only a signed-in caller's answer loses its figures: the public calls answer prices to anyone.
    const figures = permission ? hideFinanceFigures(route) : false;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, permission, finance, financeFigures: figures, public: publicReason });
    }
    if (publicReason === 'client-key') {
      // A browser on another site calls a client-key route only from an origin its company lists.
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [...existing, app.checkPublicOrigin as onRequestHookHandler];
    }
    if (permission) {
      // After the hooks already on the route: the API rate limit's (registered before the guard), so a call refused
      // for want of a token still counts. Routes declare no onRequest hooks of their own (they could not read the
      // caller there anyway).
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [...existing, app.requirePermission(permission, { finance }) as onRequestHookHandler];
    }
  });
}

/** Who acts on a company's records: the caller and their company (a record of another company is a 404). */
export interface CompanyActor {
  companyId: number;
  actorUserId: number;
}
/**
 * Who a write of a company's records is recorded as: a signed-in caller, or no user at all (the customer booking on the
 * company's web site through the public booking API, a scheduled job), which the audit log shows as such.
 */
export interface RecordActor {
  companyId: number;
  actorUserId: number | null;
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

/** The CRUD endpoints of a resource as the contracts declare them (`crudEndpoints`). */
type CrudEndpointsOf<Record extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType, ListQuery extends z.ZodType> = {
  add: Endpoint<
    'POST',
    string,
    { params: undefined; query: undefined; body: Create; headers: undefined; response: Record; envelope: undefined },
    'data'
  >;
  list: Endpoint<
    'GET',
    string,
    { params: undefined; query: ListQuery; body: undefined; headers: undefined; response: Record; envelope: undefined },
    'list'
  >;
  get: Endpoint<
    'GET',
    string,
    { params: IdParams; query: undefined; body: undefined; headers: undefined; response: Record; envelope: undefined },
    'data'
  >;
  update: Endpoint<
    'PATCH',
    string,
    { params: IdParams; query: undefined; body: Update; headers: undefined; response: Record; envelope: undefined },
    'data'
  >;
  delete: Endpoint<
    'DELETE',
    string,
    { params: IdParams; query: undefined; body: undefined; headers: undefined; response: undefined; envelope: undefined },
    'message'
  >;
};
type IdParams = z.ZodType<{ id: number }, unknown>;

/**
 * The same endpoints with their schemas' types left out. The definition's type ties the service to the endpoints where
 * a module calls `registerCrudRoutes` (with its resource's types); inside, the handlers only pass values through.
 */
type AnyValue = z.ZodType<unknown, unknown>;
type ErasedCrudEndpoints = CrudEndpointsOf<AnyValue, AnyValue, AnyValue, z.ZodType<{ page: number; page_size: number }, unknown>>;
type ErasedService = CrudService<'company' | 'organisation', AnyValue, AnyValue, AnyValue, AnyValue> & {
  list(actor: CompanyActor | OrganisationActor, query: unknown): Promise<{ items: unknown[]; total: number }>;
};

/** The service method behind each operation. */
interface CrudService<
  Scope extends 'company' | 'organisation',
  Record extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  ListQuery extends z.ZodType,
> {
  list(actor: Actor<Scope>, query: z.output<ListQuery>): Promise<{ items: z.input<Record>[]; total: number }>;
  get(actor: Actor<Scope>, id: number): Promise<z.input<Record>>;
  create(actor: Actor<Scope>, input: z.output<Create>): Promise<z.input<Record>>;
  update(actor: Actor<Scope>, id: number, input: z.output<Update>): Promise<z.input<Record>>;
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
  /** The resource's calls as the contracts declare them (paths, permissions, schemas): those in `only`, all by default. */
  endpoints: Pick<CrudEndpointsOf<Record, Create, Update, ListQuery>, Only>;
  scope: Scope;
  docs: { [K in Operation]?: OperationDocs };
  /**
   * The calls this resource has through the kit (payments, say, have no get or update; the blog's list answers a
   * shape of its own, registered beside); all by default. The service needs only the methods of these calls.
   */
  only?: Only[];
  service: Pick<CrudService<Scope, Record, Create, Update, ListQuery>, ServiceMethodOf<Only>>;
}

/** A resource's name in default docs: `airport` from `/api/airport/add`. */
function nounOf(path: string): string {
  return path.split('/').filter(Boolean).slice(1, -1).join(' ');
}

/**
 * Serves a resource's CRUD calls from their declarations: permissions, schemas, envelopes, error answers and default
 * docs the same way for every resource. The module serves its own extra endpoints beside this call.
 */
export function registerCrudRoutes<
  Scope extends 'company' | 'organisation',
  Record extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  ListQuery extends z.ZodType,
  Only extends Operation = Operation,
>(serve: Serve, definition: CrudDefinition<Scope, Record, Create, Update, ListQuery, Only>): void {
  const { scope } = definition;
  const endpoints = definition.endpoints as unknown as ErasedCrudEndpoints;
  // Only the operations in `only` are served below, and the definition's type requires their methods.
  const service = definition.service as unknown as ErasedService;
  const noun = nounOf(endpoints.add.path);
  const actor = (request: FastifyRequest) => actorOf(request, scope) as never;
  const docs = (operation: Operation, fallback: OperationDocs) => definition.docs[operation] ?? fallback;
  const operations: { [K in Operation]: () => void } = {
    add: () =>
      serve(endpoints.add, {
        ...docs('add', {
          summary: `Add a ${noun}`,
          description: `Creates a ${noun}; unknown fields are refused with 400. The change is audited.`,
        }),
        errors: [409],
        handler: async (request) => ({ message: request.t('success.created'), data: await service.create(actor(request), request.body) }),
      }),
    list: () =>
      serve(endpoints.list, {
        ...docs('list', {
          summary: `List ${noun} records`,
          description: 'Paging (`page`, `page_size`), sort (`field` or `-field`), `search` and filters.',
        }),
        handler: async (request) => listAnswer(request, await service.list(actor(request), request.query)),
      }),
    get: () =>
      serve(endpoints.get, {
        ...docs('get', { summary: `One ${noun}`, description: `The ${noun} with this id; 404 when there is none in your scope.` }),
        handler: async (request) => ({ message: request.t('success.fetched'), data: await service.get(actor(request), request.params.id) }),
      }),
    update: () =>
      serve(endpoints.update, {
        ...docs('update', {
          summary: `Change a ${noun}`,
          description: 'Any subset of the fields (a status toggle sends only `status`). The change is audited.',
        }),
        errors: [409],
        handler: async (request) => ({
          message: request.t('success.updated'),
          data: await service.update(actor(request), request.params.id, request.body),
        }),
      }),
    delete: () =>
      serve(endpoints.delete, {
        ...docs('delete', {
          summary: `Delete a ${noun}`,
          description: 'Refused with 409 while other records still use it. The deletion is audited.',
        }),
        errors: [409],
        handler: async (request) => {
          await service.delete(actor(request), request.params.id);
          return { message: request.t('success.deleted') };
        },
      }),
  };

  for (const name of definition.only ?? (Object.keys(operations) as Operation[])) operations[name]();
}
