import type { SignedInData, TokenPair, WebConfig } from '@ps/contracts';
import { ORG_INSTANCE_ID } from '@ps/contracts/auth.fields';
import { DEFAULT_LANGUAGE, type Language, languages } from '@ps/contracts/common/languages';

/** Browser storage keys, exactly as the spec names them (section 3). */
export const STORAGE = {
  token: 'token',
  refreshToken: 'ref_token',
  basicToken: 'basic_token',
  companyId: 'company_id',
  orgId: 'org_id',
  language: 'language',
  serviceInstanceId: 'service_instance_id',
  config: 'persist:config',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}

export const getToken = () => read(STORAGE.token);
export const getRefreshToken = () => read(STORAGE.refreshToken);
export const getBasicToken = () => read(STORAGE.basicToken);
export const getServiceInstanceId = () => read(STORAGE.serviceInstanceId);
export const isSignedIn = () => Boolean(getToken());

/** The stored company id, or null when none is stored (first visit, or the organisation's super admin). */
export function getCompanyId(): number | null {
  const raw = read(STORAGE.companyId);
  if (raw === null || raw === '' || raw === 'null' || raw === 'undefined') return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function getLanguage(): Language {
  const stored = read(STORAGE.language);
  return (languages as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

/** Spec 2: choosing a language stores it and reloads the page. */
export function changeLanguage(language: Language): void {
  write(STORAGE.language, language);
  window.location.reload();
}

/** The company a Basic client key names (`base64(company_id:client_key)`), or null when it cannot be read. */
function companyOfBasicKey(key: string): string | null {
  try {
    const decoded = atob(key);
    const separator = decoded.indexOf(':');
    return separator > 0 ? decoded.slice(0, separator) : null;
  } catch {
    return null;
  }
}

/**
 * The server writes the company's Basic client key into `<meta name="ps-client-key">`; keep it on first
 * start so requests made before sign-in can identify the company. A key kept for the same company is replaced by
 * the page's (the company may have replaced its key since); one kept for another company stays.
 */
export function adoptClientKeyFromPage(): void {
  const key = document.querySelector<HTMLMetaElement>('meta[name="ps-client-key"]')?.content.trim();
  if (!key) return;
  const kept = getBasicToken();
  if (!kept || companyOfBasicKey(kept) === companyOfBasicKey(key)) write(STORAGE.basicToken, key);
}

/** After the signed-in admin replaced their company's key: requests before sign-in use the new one. */
export function adoptClientKey(companyId: number, clientKey: string): void {
  const kept = getBasicToken();
  if (!kept || companyOfBasicKey(kept) === String(companyId)) write(STORAGE.basicToken, btoa(`${companyId}:${clientKey}`));
}

/** The stored config, parsed once per stored text (a snapshot React can compare between renders). */
let parsedConfig: { raw: string | null; config: WebConfig | null } = { raw: null, config: null };
const configListeners = new Set<() => void>();

export function getWebConfig(): WebConfig | null {
  const raw = read(STORAGE.config);
  if (raw === parsedConfig.raw) return parsedConfig.config;
  let config: WebConfig | null = null;
  try {
    config = raw ? (JSON.parse(raw) as WebConfig) : null;
  } catch {
    config = null;
  }
  parsedConfig = { raw, config };
  return config;
}

/** Stores the company's web config; the theme and the header follow it at once (`subscribeWebConfig`). */
export function storeWebConfig(config: WebConfig): void {
  write(STORAGE.config, JSON.stringify(config));
  for (const listener of configListeners) listener();
}

export function subscribeWebConfig(listener: () => void): () => void {
  configListeners.add(listener);
  return () => configListeners.delete(listener);
}

/** Spec 4: a 202 sign-in stores the tokens and the company id. */
export function storeSignIn(data: SignedInData): void {
  write(STORAGE.token, data.access_token);
  write(STORAGE.refreshToken, data.refresh_token);
  write(STORAGE.companyId, data.user_data.company_id === null ? null : String(data.user_data.company_id));
  write(STORAGE.orgId, String(ORG_INSTANCE_ID));
}

export function storeTokens(tokens: TokenPair): void {
  write(STORAGE.token, tokens.access_token);
  write(STORAGE.refreshToken, tokens.refresh_token);
}

/**
 * Copies of what a screen read, kept for a phone without signal (a driver's day, issue 22 section 3): they hold
 * customers' names and numbers, so they go with the session, at sign-out and when a refresh fails.
 */
export const OFFLINE_COPY_PREFIX = 'ps:offline-copy:';
/**
 * What a user did offline and the API does not have yet, per user (a driver's queued actions): kept across a sign-out
 * and a failed refresh, so work done without signal is sent when the same user signs in again, never as another user.
 */
export const OUTBOX_PREFIX = 'ps:outbox:';

function storedKeys(): string[] {
  try {
    return Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index)).filter((key): key is string => key !== null);
  } catch {
    return [];
  }
}

/**
 * Sign-out ends the session but keeps the company id, so the next sign-in on this browser is still
 * scoped to the same company. The offline copies go with it.
 */
export function clearSession(): void {
  for (const key of [STORAGE.token, STORAGE.refreshToken, STORAGE.orgId, STORAGE.serviceInstanceId]) write(key, null);
  for (const key of storedKeys()) if (key.startsWith(OFFLINE_COPY_PREFIX)) write(key, null);
}

/**
 * Spec 4/8: a failed refresh clears local storage. The language, the Basic client key and the persisted
 * web config survive, so the sign-in page still speaks the user's language and shows the company's logo; so do the
 * users' unsent actions (`OUTBOX_PREFIX`).
 */
export function clearStorageAfterFailedRefresh(): void {
  const outboxes = storedKeys().filter((key) => key.startsWith(OUTBOX_PREFIX));
  const keep = [STORAGE.language, STORAGE.basicToken, STORAGE.config, ...outboxes].map((key) => [key, read(key)] as const);
  localStorage.clear();
  for (const [key, value] of keep) if (value !== null) write(key, value);
}

/** Where a signed-in user lands: the company's app, or the organisation's screens for the super admin. */
export function homePath(): string {
  const companyId = getCompanyId();
  return companyId === null ? '/org' : `/${companyId}`;
}
