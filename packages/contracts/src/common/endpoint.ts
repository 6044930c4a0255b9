import type { z } from 'zod';
import type { Permission } from '../permissions.ts';

/**
 * Every call of the API is declared once, here in the contracts: its method, path, who may make it, its inputs and
 * what it answers. The server registers its route from the declaration (apps/api/src/kit/endpoints.ts `serve`: the
 * handler receives the inputs typed, the schemas validate and document them) and the web calls through it
 * (apps/web/src/lib/api.ts `callEndpoint`: the path is filled from the declaration, the answer typed by it). No path
 * string, request type or response type is written a second time on either side.
 *
 * This module is zod-free at run time (types only), so a declaration without schemas (`route`) can be imported by the
 * sign-in page, which must not load zod (docs/decisions.md "Sign-in bundle budget").
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Why a route needs no signed-in caller: a sign-in step, the public site's client key, or the API reference. */
export type PublicReason = 'sign-in' | 'client-key' | 'reference';

/** Who may make the call: a signed-in caller whose role holds the permission, or anyone, for the reason given. */
export type EndpointAccess =
  | {
      readonly permission: Permission;
      /** The answer is money throughout (payments, payouts...): the caller also needs `finance.view` (common/finance.ts). */
      readonly finance?: true;
    }
  | { readonly public: PublicReason };

/** The permission of money figures (common/finance.ts). */
export const FINANCE_PERMISSION = 'finance.view' satisfies Permission;
/**
 * A driver's own pay: what a money endpoint answers them is scoped to their own records (apps/api kit/crew.ts), so it
 * reaches them without `finance.view` (their days' amounts, their approved payouts).
 */
export const OWN_PAY_PERMISSION = 'payouts.own' satisfies Permission;

/**
 * Whether a role holding these permissions may make the call: its own permission, and for a money endpoint
 * `finance.view` (or a driver's own pay). The server's guard and the web's "may I ask" both use it.
 */
export function mayCall(access: EndpointAccess, holds: (permission: string) => boolean): boolean {
  if (!('permission' in access)) return true;
  if (!holds(access.permission)) return false;
  return !access.finance || holds(FINANCE_PERMISSION) || holds(OWN_PAY_PERMISSION);
}

/**
 * The answer's shape: `data` is `{ message, data }`, `list` is `{ message, data: [...], pagination }`, `message` is
 * `{ message }` (each with the declaration's `envelope` fields beside), `raw` is a body of its own (a file, a stream).
 */
export type AnswerShape = 'data' | 'list' | 'message' | 'raw';

/** Where a call goes and who may make it: the part of a declaration that needs no schema. */
export interface Route<Method extends HttpMethod = HttpMethod, Path extends string = string> {
  readonly method: Method;
  /** The path as the server routes it: `/api/airport/get/:id` (a `:name` is filled from `params`). */
  readonly path: Path;
  readonly access: EndpointAccess;
}

export interface EndpointSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The JSON body; with `multipart`, the form's fields (the web sends a FormData). */
  readonly body?: z.ZodType;
  /** Request headers the call reads (a payment's `Idempotency-Key`). */
  readonly headers?: z.ZodType;
  /** The answer's `data` (for `data`), one row (for `list`), or the whole body (for `raw`); none for `message`. */
  readonly response?: z.ZodType;
  /** Fields of the envelope beside `message` and `data` (the outbox's `smtp_configured`, an update's `repriced`). */
  readonly envelope?: z.ZodRawShape;
}

/** The four schemas of a declaration, `undefined` where it has none (so types can index them, also in generic code). */
export type CompleteSchemas<S extends EndpointSchemas> = {
  readonly params: S extends { readonly params: infer P } ? P : undefined;
  readonly query: S extends { readonly query: infer Q } ? Q : undefined;
  readonly body: S extends { readonly body: infer B } ? B : undefined;
  readonly headers: S extends { readonly headers: infer H } ? H : undefined;
  readonly response: S extends { readonly response: infer R } ? R : undefined;
  readonly envelope: S extends { readonly envelope: infer V } ? V : undefined;
};

type SchemaSlots = {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly headers: unknown;
  readonly response: unknown;
  readonly envelope: unknown;
};

export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Schemas extends SchemaSlots = SchemaSlots,
  Shape extends AnswerShape = AnswerShape,
  Multipart extends boolean = boolean,
> extends Route<Method, Path> {
  readonly schemas: Schemas;
  readonly shape: Shape;
  /** The success status: 200, 201 for a new record, 202 for a completed sign-in. */
  readonly status: 200 | 201 | 202;
  /** The body is `multipart/form-data` (an upload): `body` names its fields. */
  readonly multipart: Multipart;
}

export type AnyEndpoint = Endpoint<HttpMethod, string, SchemaSlots, AnswerShape, boolean>;

/** A route (where and who) without schemas: for the zod-free sign-in page. */
/* @__NO_SIDE_EFFECTS__ */
export function route<const Method extends HttpMethod, const Path extends string>(
  method: Method,
  path: Path,
  access: EndpointAccess,
): Route<Method, Path> {
  return { method, path, access };
}

/** Declares an endpoint: a route and its schemas (the answer `data`-shaped and 200 unless told). */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<
  const Method extends HttpMethod,
  const Path extends string,
  const Schemas extends EndpointSchemas,
  const Shape extends AnswerShape = 'data',
  const Multipart extends boolean = false,
>(
  declaration: Route<Method, Path> & Schemas & { shape?: Shape; status?: 200 | 201 | 202; multipart?: Multipart },
): Endpoint<Method, Path, CompleteSchemas<Schemas>, Shape, Multipart> {
  const { method, path, access, shape, status, multipart, params, query, body, headers, response, envelope } = declaration;
  return {
    method,
    path,
    access,
    schemas: { params, query, body, headers, response, envelope } as CompleteSchemas<Schemas>,
    shape: (shape ?? 'data') as Shape,
    status: status ?? 200,
    multipart: (multipart ?? false) as Multipart,
  };
}

/** A schema's output (what it makes of valid input), or `undefined` for a slot without one. */
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, after validation (coerced, defaults filled). */
export type EndpointParams<E extends AnyEndpoint> = OutputOf<E['schemas']['params']>;
export type EndpointQuery<E extends AnyEndpoint> = OutputOf<E['schemas']['query']>;
export type EndpointBody<E extends AnyEndpoint> = OutputOf<E['schemas']['body']>;
export type EndpointHeaders<E extends AnyEndpoint> = OutputOf<E['schemas']['headers']>;

/** What a client sends. */
export type EndpointParamsInput<E extends AnyEndpoint> = InputOf<E['schemas']['params']>;
export type EndpointQueryInput<E extends AnyEndpoint> = InputOf<E['schemas']['query']>;
export type EndpointBodyInput<E extends AnyEndpoint> = InputOf<E['schemas']['body']>;

/** The answer's `data` as a client reads it (a list's rows for `list`; the whole body for `raw`). */
export type EndpointData<E extends AnyEndpoint> = E['shape'] extends 'list'
  ? OutputOf<E['schemas']['response']>[]
  : E['shape'] extends 'message'
    ? undefined
    : OutputOf<E['schemas']['response']>;

/** The envelope's fields beside `message` and `data`, as a client reads them. */
export type EndpointEnvelope<E extends AnyEndpoint> = E['schemas']['envelope'] extends z.ZodRawShape
  ? { [K in keyof E['schemas']['envelope']]: OutputOf<E['schemas']['envelope'][K]> }
  : Record<never, never>;
export type EndpointReplyEnvelope<E extends AnyEndpoint> = E['schemas']['envelope'] extends z.ZodRawShape
  ? { [K in keyof E['schemas']['envelope']]: InputOf<E['schemas']['envelope'][K]> }
  : Record<never, never>;

/** The answer's `data` as the server may hand it to the serializer (its input type). */
export type EndpointReplyData<E extends AnyEndpoint> = E['shape'] extends 'list'
  ? InputOf<E['schemas']['response']>[]
  : InputOf<E['schemas']['response']>;

/**
 * The five calls of a CRUD resource (spec 7): `${base}/add`, `list`, `get/:id`, `update/:id`, `delete/:id`, with the
 * permissions `<resource>.create/view/view/update/delete`. Spread them into a feature's endpoints and add its own.
 */
/* @__NO_SIDE_EFFECTS__ */
export function crudEndpoints<
  const Base extends string,
  const Resource extends string,
  Record extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  ListQuery extends z.ZodType,
  IdParams extends z.ZodType,
>(base: Base, resource: Resource, schemas: { record: Record; create: Create; update: Update; listQuery: ListQuery; idParams: IdParams }) {
  const permission = (action: string) => ({ permission: `${resource}.${action}` as Permission });
  return {
    add: endpoint({
      method: 'POST',
      path: `${base}/add`,
      access: permission('create'),
      body: schemas.create,
      response: schemas.record,
      status: 201,
    }),
    list: endpoint({
      method: 'GET',
      path: `${base}/list`,
      access: permission('view'),
      query: schemas.listQuery,
      response: schemas.record,
      shape: 'list',
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/get/:id`,
      access: permission('view'),
      params: schemas.idParams,
      response: schemas.record,
    }),
    update: endpoint({
      method: 'PATCH',
      path: `${base}/update/:id`,
      access: permission('update'),
      params: schemas.idParams,
      body: schemas.update,
      response: schemas.record,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: `${base}/delete/:id`,
      access: permission('delete'),
      params: schemas.idParams,
      shape: 'message',
    }),
  } as const;
}
export type CrudEndpoints = ReturnType<typeof crudEndpoints<string, string, z.ZodType, z.ZodType, z.ZodType, z.ZodType, z.ZodType>>;
