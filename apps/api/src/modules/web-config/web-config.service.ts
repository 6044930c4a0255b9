import { createHash, timingSafeEqual } from 'node:crypto';
import {
  brandContrast,
  DEFAULT_BACKGROUND_COLOUR,
  DEFAULT_PRIMARY_COLOUR,
  type FieldError,
  MIN_TEXT_CONTRAST,
  type PublicBookingPayment,
  type WebConfig,
  type WebConfigUpdate,
} from '@ps/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { parseClientKeyHeader } from '../../lib/client-key.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isSvgDocument, sanitizeSvg } from '../../lib/svg.ts';
import { type AccessChangeFeed, accessChangeFeed } from '../../plugins/access.ts';
import { ensureWebConfig, findWebConfig, updateWebConfigRow } from './web-config.repository.ts';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What a client key's company allows its public site: whether it takes bookings, and how a web booking is paid. */
export interface ClientKeyCompany {
  id: number;
  public_booking_enabled: boolean;
  public_booking_payment: PublicBookingPayment;
  public_booking_refund_hours: number;
}

type KeyedCompanyRow = ClientKeyCompany & { client_key: string };

function readKeyedCompany(db: Db, companyId: number): Promise<KeyedCompanyRow | undefined> {
  return db
    .select({
      id: companies.id,
      client_key: companies.client_key,
      public_booking_enabled: companies.public_booking_enabled,
      public_booking_payment: companies.public_booking_payment,
      public_booking_refund_hours: companies.public_booking_refund_hours,
    })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.status, 1)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** How long a company's key is trusted without a notification (the safety net, as for sessions). */
const KEYED_COMPANY_TTL_MS = 30_000;
const KEYED_COMPANY_MAX_ENTRIES = 10_000;

/**
 * The client-key companies of this process, per database handle. The public API asks for one on every call (a site's
 * quote, a booking): kept here and forgotten when anything about the company changes (a rotated key, online booking
 * switched, the company deactivated: `notifyAccessChanged({ companyId })`, heard by every process through PostgreSQL's
 * NOTIFY), the same mechanism and the same rule as the session check's cache: nothing is kept while notifications
 * cannot arrive, and nothing longer than 30 seconds.
 */
interface KeyedCompanyCache {
  entries: Map<number, { row: KeyedCompanyRow; loadedAt: number }>;
  /** Bumped by every change: a row read while one happened is used once, not kept. */
  generation: number;
  feed: AccessChangeFeed;
}
const keyedCompanyCaches = new WeakMap<Db, KeyedCompanyCache>();

function keyedCompanyCache(db: Db): KeyedCompanyCache {
  let cache = keyedCompanyCaches.get(db);
  if (!cache) {
    const created: KeyedCompanyCache = { entries: new Map(), generation: 0, feed: accessChangeFeed(db) };
    created.feed.subscribe((change) => {
      created.generation++;
      if ('all' in change) created.entries.clear();
      else if ('companyId' in change) created.entries.delete(change.companyId);
    });
    keyedCompanyCaches.set(db, created);
    cache = created;
  }
  return cache;
}

async function keyedCompany(db: Db, companyId: number): Promise<KeyedCompanyRow | undefined> {
  const cache = keyedCompanyCache(db);
  const now = Date.now();
  const hit = cache.entries.get(companyId);
  if (hit && cache.feed.heard() && now - hit.loadedAt < KEYED_COMPANY_TTL_MS) return hit.row;
  const loadedIn = cache.generation;
  const row = await readKeyedCompany(db, companyId);
  // Only companies found are kept: an id no active company has yet may be one made or switched on a moment later.
  if (row && cache.feed.heard() && loadedIn === cache.generation) {
    if (cache.entries.size >= KEYED_COMPANY_MAX_ENTRIES) cache.entries.clear();
    cache.entries.set(companyId, { row, loadedAt: now });
  }
  return row;
}

/**
 * `Basic base64(company_id:client_key)` → the active company it names, or 401 when the key does not match. A rotated
 * key, a company switched off or deactivated is refused from the moment the change's notification reaches the process
 * (`keyedCompany`: the change's own process at once, the others within milliseconds).
 */
export async function clientKeyCompany(db: Db, header: string | undefined): Promise<ClientKeyCompany> {
  const named = parseClientKeyHeader(header);
  if (!named) throw new AppError(401, 'client_key_invalid');
  const company = await keyedCompany(db, named.companyId);
  if (!company || !sameSecret(company.client_key, named.key)) throw new AppError(401, 'client_key_invalid');
  return {
    id: company.id,
    public_booking_enabled: company.public_booking_enabled,
    public_booking_payment: company.public_booking_payment,
    public_booking_refund_hours: company.public_booking_refund_hours,
  };
}

/** `Basic base64(company_id:client_key)` → the company id, or 401 when the key does not match. */
export async function companyFromBasicHeader(db: Db, header: string | undefined): Promise<number> {
  return (await clientKeyCompany(db, header)).id;
}

export async function webConfigOf(db: Db, companyId: number): Promise<WebConfig> {
  const row = await findWebConfig(db, companyId);
  if (row) return row;
  const [company] = await db
    .select({ name: companies.name, first_day_of_week: companies.first_day_of_week })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return {
    company_id: companyId,
    name: company?.name ?? '',
    login_page_logo: null,
    primary_color: DEFAULT_PRIMARY_COLOUR,
    background_color: DEFAULT_BACKGROUND_COLOUR,
    first_day_of_week: company?.first_day_of_week ?? 1,
  };
}

/** The Basic token the sign-in page gets: the configured company's, else the first active company's. */
export async function defaultBasicToken(db: Db, preferredCompanyId?: number): Promise<string | null> {
  const [company] = await db
    .select({ id: companies.id, client_key: companies.client_key })
    .from(companies)
    .where(preferredCompanyId ? and(eq(companies.id, preferredCompanyId), eq(companies.status, 1)) : eq(companies.status, 1))
    .orderBy(asc(companies.id))
    .limit(1);
  return company ? Buffer.from(`${company.id}:${company.client_key}`).toString('base64') : null;
}

/**
 * The colours' contrast, checked on the pair as it will be after the change (a new background is checked
 * against the current main colour too). Each failing colour is refused on its own field, with its ratio.
 */
function checkContrast(primary: string, background: string, changed: WebConfigUpdate): void {
  const contrast = brandContrast(primary, background);
  const details: FieldError[] = [];
  if (contrast.primary < MIN_TEXT_CONTRAST && changed.primary_color !== undefined)
    details.push({ field: 'primary_color', code: 'errors.primary_color_contrast', message: '' });
  // On the background's field when it changed; else it is the new main colour's fault (said once per field).
  const backgroundField = changed.background_color !== undefined ? 'background_color' : 'primary_color';
  if (contrast.background < MIN_TEXT_CONTRAST && !details.some((detail) => detail.field === backgroundField))
    details.push({ field: backgroundField, code: 'errors.background_color_contrast', message: '' });
  const first = details[0];
  if (!first) return;
  throw new AppError(400, first.code === 'errors.primary_color_contrast' ? 'primary_color_contrast' : 'background_color_contrast', {
    vars: { primary_ratio: contrast.primary.toFixed(2), background_ratio: contrast.background.toFixed(2) },
    details,
  });
}

/** The audit log keeps what a logo was (type, size, digest), not its bytes. */
function auditable(config: WebConfig): Record<string, unknown> {
  const logo = config.login_page_logo;
  if (!logo) return { ...config };
  const [head = '', data = ''] = logo.split(',', 2);
  const type = head.replace(/^data:/, '').replace(/;base64$/, '');
  const bytes = Buffer.from(data, 'base64');
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return { ...config, login_page_logo: `${type}, ${bytes.length} bytes, sha256 ${digest}` };
}

async function changeWebConfig(db: Db, actor: CompanyActor, decide: (current: WebConfig) => Partial<WebConfig>): Promise<WebConfig> {
  return db.transaction(async (tx) => {
    await ensureWebConfig(tx, actor.companyId);
    const before = await findWebConfig(tx, actor.companyId, true);
    if (!before) throw notFound();
    const after = await updateWebConfigRow(tx, actor.companyId, decide(before));
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorUserId: actor.actorUserId,
      entity: 'web_config',
      entityId: actor.companyId,
      action: 'update',
      before: auditable(before),
      after: auditable(after),
    });
    return after;
  });
}

/** A company admin's change to the name and colours; a colour that would break AA contrast is refused. */
export function updateWebConfig(db: Db, actor: CompanyActor, input: WebConfigUpdate): Promise<WebConfig> {
  return changeWebConfig(db, actor, (current) => {
    checkContrast(input.primary_color ?? current.primary_color, input.background_color ?? current.background_color, input);
    return {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.primary_color !== undefined ? { primary_color: input.primary_color.toLowerCase() } : {}),
      ...(input.background_color !== undefined ? { background_color: input.background_color.toLowerCase() } : {}),
    };
  });
}

export type LogoType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

/**
 * The logo as it is stored: a `data:` URL of the file's own bytes, or for an SVG of its sanitised text.
 * An SVG of which nothing is left is refused rather than stored blank.
 */
export function logoDataUrl(type: LogoType, bytes: Buffer): string {
  if (type !== 'image/svg+xml') return `data:${type};base64,${bytes.toString('base64')}`;
  const svg = sanitizeSvg(bytes.toString('utf8'));
  if (!isSvgDocument(svg)) throw new AppError(400, 'logo_empty', { details: [{ field: 'file', code: 'errors.logo_empty', message: '' }] });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function setLogo(db: Db, actor: CompanyActor, logo: string | null): Promise<WebConfig> {
  return changeWebConfig(db, actor, () => ({ login_page_logo: logo }));
}
