import type {
  AnyEndpoint,
  EndpointBodyInput,
  EndpointData,
  EndpointEnvelope,
  EndpointParamsInput,
  EndpointQueryInput,
  ErrorBody,
  FieldError,
  Pagination,
  Route,
  TokenPair,
} from '@ps/contracts';
import { refreshRoute } from '@ps/contracts/auth.routes';
import { mayCall } from '@ps/contracts/common/endpoint';
import { browserTimeZone } from '@ps/contracts/common/zonedTime';
import { i18n } from './i18n';
import {
  clearStorageAfterFailedRefresh,
  getBasicToken,
  getCompanyId,
  getLanguage,
  getRefreshToken,
  getServiceInstanceId,
  getToken,
  storeTokens,
} from './session';
import { type ToastId, toastError } from './toast';

export const API_BASE = '/api';

/** A successful answer: the status (a sign-in tells 200 from 202) and the `{message, data}` envelope. */
export interface ApiResponse<T> {
  status: number;
  message: string;
  data: T;
  pagination?: Pagination;
  /** The whole answer, for the few envelopes with more than these (the outbox's `smtp_configured`). */
  envelope: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | undefined;
  /** True when the client already told the user (e.g. a failed refresh), so callers stay quiet. */
  readonly handled: boolean;

  constructor(status: number, message: string, body?: Partial<ErrorBody>, handled = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.handled = handled;
  }

  get code(): string | undefined {
    return this.body?.code;
  }

  get details(): FieldError[] {
    return this.body?.details ?? [];
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** 'basic' forces the Basic client key even when signed in (the public web config). */
  auth?: 'session' | 'basic';
  /** Sign-in steps answer 401 for wrong credentials; that must not trigger a token refresh. */
  refreshOn401?: boolean;
  /** Headers of this call only, such as a payment's `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** The answer is a file: `data` is its Blob (errors still come as JSON). */
  blob?: boolean;
}

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** The router registers itself so a failed refresh can move to the sign-in page without a full reload. */
export function registerNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  // Spec 6: every request carries the browser's time zone (unless it asks about another day, such as the
  // company's: the dashboard) and the stored company.
  if (!url.searchParams.has('time_zone')) url.searchParams.set('time_zone', browserTimeZone());
  const companyId = getCompanyId();
  if (companyId !== null && !url.searchParams.has('company_id')) url.searchParams.set('company_id', String(companyId));
  return `${url.pathname}${url.search}`;
}

/** Spec 6: Bearer with a token (plus region/organization with a service instance), Basic without. */
function identityHeaders(auth: RequestOptions['auth']): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': getLanguage() };
  const token = auth === 'basic' ? null : getToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    if (getServiceInstanceId()) {
      headers.region = 'uk';
      headers.organization = 'eln';
    }
  } else {
    const basic = getBasicToken();
    if (basic) headers.Authorization = `Basic ${basic}`;
  }
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFromResponse(status: number, body: unknown, handled = false): ApiError {
  const errorBody = (body && typeof body === 'object' ? body : {}) as Partial<ErrorBody>;
  // Spec 8: on 401 the client shows the `error` field, elsewhere the `message` field.
  const text = (status === 401 ? errorBody.error || errorBody.message : errorBody.message) || i18n.t('app.errors.unexpected');
  return new ApiError(status, text, errorBody, handled);
}

let refreshing: Promise<boolean> | null = null;
const LAST_REFRESH_KEY = 'ps:last-refresh';
/** A second 401 this soon after a refresh means the new token does not work either: stop, do not loop. */
const REFRESH_LOOP_WINDOW_MS = 10_000;

async function refreshTokens(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return false;
  const last = Number(sessionStorage.getItem(LAST_REFRESH_KEY) ?? 0);
  if (Date.now() - last < REFRESH_LOOP_WINDOW_MS) {
    failRefresh(new ApiError(401, i18n.t('errors.token_invalid')));
    return false;
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(pathOf(refreshRoute, undefined)), {
      method: 'POST',
      headers: { ...identityHeaders('basic'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
  } catch {
    failRefresh(new ApiError(0, i18n.t('app.errors.network')));
    return false;
  }
  const body = await readJson(response);
  const tokens = (body as { data?: TokenPair } | undefined)?.data;
  if (response.status === 200 && tokens?.access_token && tokens.refresh_token) {
    storeTokens(tokens);
    sessionStorage.setItem(LAST_REFRESH_KEY, String(Date.now()));
    return true;
  }
  failRefresh(errorFromResponse(response.status, body));
  return false;
}

/** Spec 4/8: a failed refresh clears storage, goes to `/{company_id}` (the sign-in page) and says why. */
function failRefresh(error: ApiError): void {
  const companyId = getCompanyId();
  clearStorageAfterFailedRefresh();
  sessionStorage.removeItem(LAST_REFRESH_KEY);
  navigateTo(companyId === null ? '/' : `/${companyId}`);
  toastError(error.message);
}

/** Concurrent 401s share one refresh call: a refresh token works only once. */
function refreshOnce(): Promise<boolean> {
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let reloading = false;

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, query, signal, auth = 'session', refreshOn401 = true } = options;
  const headers = { ...options.headers, ...identityHeaders(auth) };
  // A FormData body (an upload) goes as it is: the browser sets its multipart type and boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const sentBearer = headers.Authorization?.startsWith('Bearer ') ?? false;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, i18n.t('app.errors.network'));
  }
  if (response.ok && options.blob) return { status: response.status, message: '', data: (await response.blob()) as T, envelope: {} };
  const json = await readJson(response);

  if (response.ok) {
    const envelope = (json ?? {}) as { message?: string; data?: T; pagination?: Pagination };
    return {
      status: response.status,
      message: envelope.message ?? '',
      data: envelope.data as T,
      pagination: envelope.pagination,
      envelope: (json ?? {}) as Record<string, unknown>,
    };
  }

  if (response.status === 401 && refreshOn401 && sentBearer && getRefreshToken()) {
    if (await refreshOnce()) {
      // Spec 4: store the new tokens and reload; the reloaded page repeats its requests with them.
      if (!reloading) {
        reloading = true;
        window.location.reload();
      }
      return new Promise<never>(() => {});
    }
    throw errorFromResponse(response.status, json, true);
  }
  throw errorFromResponse(response.status, json);
}

/**
 * Shows an API error the way spec 8 asks: the `error` field for 401, the `message` field otherwise. Returns
 * the toast's id (none when nothing was shown), so a form can close its own errors once it succeeds.
 */
export function toastApiError(error: unknown): ToastId | undefined {
  if (error instanceof ApiError) return error.handled ? undefined : toastError(error.message);
  if (error instanceof DOMException && error.name === 'AbortError') return undefined;
  return toastError(i18n.t('app.errors.unexpected'));
}

/** What a call sends, by its declaration: each input the endpoint declares, and none it does not. */
export type EndpointInput<E extends AnyEndpoint> = (EndpointParamsInput<E> extends undefined
  ? { params?: undefined }
  : { params: EndpointParamsInput<E> }) &
  (EndpointQueryInput<E> extends undefined ? { query?: undefined } : { query?: EndpointQueryInput<E> }) &
  // An upload sends the browser's FormData (the declaration's `body` names its fields); any other body is JSON.
  (E['multipart'] extends true
    ? { form: FormData; body?: undefined }
    : EndpointBodyInput<E> extends undefined
      ? { body?: undefined; form?: undefined }
      : { body: EndpointBodyInput<E>; form?: undefined }) &
  Pick<RequestOptions, 'signal' | 'auth' | 'refreshOn401' | 'headers' | 'blob'>;

/** A call's answer: `data` as the declaration types it, and the envelope's own fields. */
export type EndpointResponse<E extends AnyEndpoint> = ApiResponse<EndpointData<E>> & { extra: EndpointEnvelope<E> };

/** The declaration's path with its `:name` segments filled from `params`, without the `/api` base. */
export function pathOf(route: Route, params: Record<string, unknown> | undefined): string {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${route.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
  return path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path;
}

/**
 * What the signed-in user's role allows, once their details are in (lib/currentUser.ts): a call their role cannot make
 * is not sent (issue 22, section 5). A read is refused quietly (the screen shows what it has, no "You do not have
 * permission" pops up); an action still says so, as the server would.
 */
let callerPermissions: ReadonlySet<string> | null = null;

export function setCallerPermissions(permissions: readonly string[] | null): void {
  callerPermissions = permissions ? new Set(permissions) : null;
}

function refusedBeforeSending(route: Route): ApiError | null {
  const held = callerPermissions;
  if (!held || mayCall(route.access, (permission) => held.has(permission))) return null;
  return new ApiError(403, i18n.t('errors.forbidden'), { code: 'forbidden' }, route.method === 'GET');
}

/**
 * Calls an endpoint as the contracts declare it (packages/contracts, `endpoint()`): its method and path, the inputs it
 * declares, its answer typed. The sign-in page, which must not load zod, calls with the declaration's zod-free `Route`
 * and names the endpoint's type: `callEndpoint<typeof loginEndpoint>(loginRoute, ...)`.
 */
export async function callEndpoint<E extends AnyEndpoint>(
  route: E | Route<E['method'], E['path']>,
  input: EndpointInput<E>,
): Promise<EndpointResponse<E>> {
  const { params, query, body, form, ...options } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    form?: FormData;
  } & Pick<RequestOptions, 'signal' | 'auth' | 'refreshOn401' | 'headers' | 'blob'>;
  const refused = refusedBeforeSending(route);
  if (refused) throw refused;
  const response = await apiRequest<EndpointData<E>>(pathOf(route, params), {
    ...options,
    method: route.method,
    query,
    body: form ?? body,
  });
  return { ...response, extra: response.envelope as EndpointEnvelope<E> };
}
