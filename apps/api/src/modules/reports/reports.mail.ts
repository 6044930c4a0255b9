import { formatDayRange, formatMoney, formatPercent } from '@ps/contracts/common/format';
import type { Language } from '@ps/contracts/common/languages';
import { fromZonedLocal } from '@ps/contracts/common/zonedTime';
import type { Report, ReportFrequency } from '@ps/contracts/reports';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companies, companyWebConfigs, mailOutbox, reportDeliveries, reportSubscriptions, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { addDays, todayIn } from '../../lib/dates.ts';
import { translator } from '../../lib/i18n.ts';
import { runJob } from '../../lib/job-runs.ts';
import { factsTable, mailBrandOf, mailDocument, paragraph } from '../mail/mail.layout.ts';
import { auditedMail, MAIL_CHANNEL } from '../mail/mail.service.ts';
import { reportTables, reportXlsxBuffer } from './reports.files.ts';
import { buildReport } from './reports.service.ts';

export const REPORT_MAIL = 'report';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The hour of the company's clock the report is sent at (on Monday for the week before, on the 1st for the month before). */
export const SEND_HOUR = '07:00';

export interface DuePeriod {
  start: string;
  end: string;
  /** The instant it became due: Monday 07:00 (weekly) or the 1st 07:00 (monthly) on the company's clock. */
  dueAt: Date;
}

const previousMonthStart = (first: string) => {
  const date = new Date(`${first}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The latest period of a subscription that is due at `now` on `timeZone`'s clock: weekly, the Monday-to-Sunday week
 * before the last Monday 07:00 passed; monthly, the month before the last 1st 07:00 passed.
 */
export function duePeriod(frequency: ReportFrequency, now: Date, timeZone: string): DuePeriod {
  const today = todayIn(timeZone, now);
  const sendOn = (day: string) => new Date(fromZonedLocal(`${day}T${SEND_HOUR}`, timeZone) ?? `${day}T${SEND_HOUR}:00Z`);
  if (frequency === 'weekly') {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    let monday = addDays(today, -weekday);
    if (sendOn(monday) > now) monday = addDays(monday, -7);
    return { start: addDays(monday, -7), end: addDays(monday, -1), dueAt: sendOn(monday) };
  }
  let first = `${today.slice(0, 7)}-01`;
  if (sendOn(first) > now) first = previousMonthStart(first);
  return { start: previousMonthStart(first), end: addDays(first, -1), dueAt: sendOn(first) };
}

interface Recipient {
  name: string;
  email: string;
  language: Language;
  frequency: ReportFrequency;
}
interface CompanyLook {
  name: string;
  address: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  colour: string | null;
  logo: string | null;
}

/** The summary mail: the period's headline figures (money in the company's currency), in the recipient's language. */
export function renderReportMail(report: Report, company: CompanyLook, recipient: Recipient) {
  const t = translator(recipient.language);
  const language = recipient.language;
  const period = formatDayRange(language, report.from, report.to);
  const money = (minor: number) => formatMoney(language, minor, report.currency);
  const revenue = report.revenue.reduce((sum, row) => sum + (row.revenue ?? 0), 0);
  const lastYear = report.revenue.reduce((sum, row) => sum + (row.last_year_revenue ?? 0), 0);
  const bookings = report.revenue.reduce((sum, row) => sum + row.bookings, 0);
  const booked = report.occupancy.reduce((sum, row) => sum + row.booked, 0);
  const spaces = report.occupancy.reduce((sum, row) => sum + row.capacity, 0);
  const trips = report.drivers.reduce((sum, row) => sum + row.trips, 0);
  const payouts = report.drivers.reduce((sum, row) => sum + (row.payouts ?? 0), 0);
  const none = t('reports.mail.none');
  const days = (value: number | null) => (value === null ? none : t('reports.mail.days', { days: value }));
  const facts: Array<[string, string]> = [
    [t('reports.mail.bookings'), String(bookings)],
    [t('reports.mail.revenue'), money(revenue)],
    [t('reports.mail.lastYear'), money(lastYear)],
    [t('reports.mail.occupancy'), spaces === 0 ? none : formatPercent(language, booked / spaces)],
    [t('reports.mail.averageStay'), days(report.stays.average_days)],
    [t('reports.mail.leadTime'), days(report.lead_time.average_days)],
    [t('reports.mail.cancellationRate'), formatPercent(language, report.outcomes.cancellation_rate, 1)],
    [t('reports.mail.noShowRate'), formatPercent(language, report.outcomes.no_show_rate, 1)],
    [t('reports.mail.discounts'), money(report.discount_total ?? 0)],
    [t('reports.mail.costPerTrip'), trips === 0 ? none : money(Math.round(payouts / trips))],
  ];
  const vars = { company: company.name, period, name: recipient.name };
  const subject = t(`reports.mail.subject_${recipient.frequency}`, vars);
  const greeting = t('reports.mail.greeting', vars);
  const intro = t('reports.mail.intro', vars);
  const why = t(`reports.mail.why_${recipient.frequency}`, vars);
  const footer = [
    company.name,
    ...(company.address ?? '').split(/\r?\n/).filter((line) => line.trim() !== ''),
    ...(company.contact_phone ? [t('bookingMail.footerPhone', { phone: company.contact_phone })] : []),
    ...(company.contact_email ? [t('bookingMail.footerEmail', { email: company.contact_email })] : []),
  ];
  const brand = mailBrandOf({ name: company.name, colour: company.colour, logo: company.logo });
  const body = [paragraph(greeting), paragraph(intro), factsTable(facts), paragraph(why, 'color:#4b5563;font-size:13px')].join('\n');
  return {
    subject,
    text: [greeting, intro, ...facts.map(([label, value]) => `${label}: ${value}`), why, '-- ', ...footer].join('\n\n'),
    html: mailDocument({ language, title: subject, brand, body, footer }),
  };
}

export interface ScheduleOptions {
  /** Runs after a period is claimed, before the mail is queued (tests: a process that dies mid-way). */
  afterClaim?: (claim: { subscriptionId: number; periodStart: string }) => Promise<void>;
}

/**
 * One round of the schedule: for each active subscription whose recipient is a live office user with an e-mail
 * address, in an active company, the latest due period is sent unless it was (or its due moment came before the
 * subscription existed). Each send is one transaction: claim (subscription, recipient, period) in report_deliveries,
 * build the report, queue the mail with the XLSX attached, note the mail on the claim. Two processes racing wait on
 * the unique key and one of them finds it taken; a process that dies mid-way leaves nothing, and the next round sends.
 * Returns the number of mails queued.
 */
export async function runReportSchedule(db: Db, now: Date = new Date(), options: ScheduleOptions = {}): Promise<number> {
  const due = await db
    .select({
      id: reportSubscriptions.id,
      company_id: reportSubscriptions.company_id,
      user_id: reportSubscriptions.user_id,
      frequency: reportSubscriptions.frequency,
      language: reportSubscriptions.language,
      created_at: reportSubscriptions.created_at,
      user_name: users.name,
      user_email: users.email,
      time_zone: companies.time_zone,
    })
    .from(reportSubscriptions)
    .innerJoin(users, and(eq(users.company_id, reportSubscriptions.company_id), eq(users.id, reportSubscriptions.user_id)))
    .innerJoin(companies, eq(companies.id, reportSubscriptions.company_id))
    .where(
      and(
        eq(reportSubscriptions.status, 1),
        eq(users.status, 1),
        eq(users.role, 'admin'),
        isNull(users.deleted_at),
        sql`${users.email} is not null`,
        eq(companies.status, 1),
      ),
    )
    .orderBy(reportSubscriptions.id);
  let queued = 0;
  for (const subscription of due) {
    const period = duePeriod(subscription.frequency, now, subscription.time_zone);
    if (period.dueAt < subscription.created_at) continue;
    const [sent] = await db
      .select({ id: reportDeliveries.id })
      .from(reportDeliveries)
      .where(
        and(
          eq(reportDeliveries.subscription_id, subscription.id),
          eq(reportDeliveries.user_id, subscription.user_id),
          eq(reportDeliveries.period_start, period.start),
        ),
      )
      .limit(1);
    if (sent) continue;
    const done = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as DbOrTx;
      const [claim] = await tx
        .insert(reportDeliveries)
        .values({
          company_id: subscription.company_id,
          subscription_id: subscription.id,
          user_id: subscription.user_id,
          period_start: period.start,
          period_end: period.end,
        })
        .onConflictDoNothing()
        .returning({ id: reportDeliveries.id });
      if (!claim) return false;
      await options.afterClaim?.({ subscriptionId: subscription.id, periodStart: period.start });
      await queueReportMail(tx, subscription, period, now, claim.id);
      return true;
    });
    if (done) queued += 1;
  }
  return queued;
}

async function queueReportMail(
  tx: DbOrTx,
  subscription: {
    id: number;
    company_id: number;
    user_name: string;
    user_email: string | null;
    frequency: ReportFrequency;
    language: Language;
  },
  period: DuePeriod,
  now: Date,
  claimId: number,
): Promise<void> {
  const [company] = await tx
    .select({
      name: companies.name,
      address: companies.address,
      contact_phone: companies.contact_phone,
      contact_email: companies.contact_email,
      mail_sender_name: companies.mail_sender_name,
      mail_reply_to: companies.mail_reply_to,
      colour: companyWebConfigs.primary_color,
      logo: companyWebConfigs.login_page_logo,
      brand_name: companyWebConfigs.name,
    })
    .from(companies)
    .leftJoin(companyWebConfigs, eq(companyWebConfigs.company_id, companies.id))
    .where(eq(companies.id, subscription.company_id))
    .limit(1);
  if (!company || !subscription.user_email) throw new Error('report recipient or company missing');
  const report = await buildReport(tx, subscription.company_id, { from: period.start, to: period.end }, now);
  const look = { ...company, name: company.brand_name ?? company.name };
  const mail = renderReportMail(report, look, {
    name: subscription.user_name,
    email: subscription.user_email,
    language: subscription.language,
    frequency: subscription.frequency,
  });
  const t = translator(subscription.language);
  const file = await reportXlsxBuffer(reportTables(report, t), report.currency);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      company_id: subscription.company_id,
      kind: REPORT_MAIL,
      language: subscription.language,
      to_address: subscription.user_email,
      from_name: company.mail_sender_name,
      reply_to: company.mail_reply_to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attachments: [
        {
          filename: t('reports.mail.fileName', { from: period.start, to: period.end }),
          content_type: XLSX_TYPE,
          content_base64: file.toString('base64'),
        },
      ],
    })
    .returning();
  if (!row) throw new Error('outbox insert returned no row');
  await tx.update(reportDeliveries).set({ mail_id: row.id }).where(eq(reportDeliveries.id, claimId));
  // Audited like every queued mail (the system's: no user), without the attachment's bytes.
  await recordAudit(tx, {
    companyId: subscription.company_id,
    actorUserId: null,
    entity: 'mail_message',
    entityId: row.id,
    action: 'create',
    after: auditedMail(row),
  });
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${String(row.id)})`);
}

export interface ReportScheduler {
  start(): void;
  stop(): Promise<void>;
  /** One round now (the tests', and the start's). */
  runOnce(): Promise<number>;
}

/** Every 5 minutes. */
export const REPORT_SCHEDULE_INTERVAL_MS = 5 * 60_000;

/** The background job `server.ts` starts: a round at start and every `intervalMs`; `clock` is injectable for tests. */
export function createReportScheduler(
  db: Db,
  log: { warn(object: object, message: string): void },
  options: { intervalMs?: number; clock?: () => Date } & ScheduleOptions = {},
): ReportScheduler {
  const clock = options.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<number> | undefined;
  let stopping = false;
  const runOnce = () => {
    if (round) return round;
    // Counted on /metrics as the task `report_schedule` (lib/job-runs.ts).
    round = runJob('report_schedule', () => runReportSchedule(db, clock(), options))
      .catch((error: unknown) => {
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'report schedule round failed: the next round tries again',
        );
        return 0;
      })
      .finally(() => {
        round = undefined;
      });
    return round;
  };
  return {
    runOnce,
    start() {
      void runOnce();
      timer = setInterval(() => {
        if (!stopping) void runOnce();
      }, options.intervalMs ?? REPORT_SCHEDULE_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await round;
    },
  };
}
