import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertBookingPlace } from '../../../test/factories/booking-rows.ts';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createTenant, type Tenant } from '../../../test/kit.ts';
import { memoryLog, startSmtpServer, type TestSmtpServer, until } from '../../../test/smtp.ts';
import { openDatabase } from '../../db/client.ts';
import { locations, mailOutbox, reportDeliveries, reportSubscriptions } from '../../db/schema/index.ts';
import { mailWorkerFromConfig } from '../mail/mail.worker.ts';
import { createReportScheduler, duePeriod, runReportSchedule } from './reports.mail.ts';

/**
 * The report by mail (issue 24, section 3): due on the company's clock, queued once per subscription, recipient and
 * period (two schedulers racing, one dying after its claim), delivered over SMTP with the XLSX attached.
 */

describe('the due period, on the company’s clock', () => {
  it('weekly: from Monday 07:00 local, the Monday-to-Sunday week before', () => {
    // Monday 8 June 2026, 06:59 in London (05:59 UTC): the week of 1 June is not due yet.
    expect(duePeriod('weekly', new Date('2026-06-08T05:59:00Z'), 'Europe/London')).toMatchObject({
      start: '2026-05-25',
      end: '2026-05-31',
    });
    const due = duePeriod('weekly', new Date('2026-06-08T06:00:00Z'), 'Europe/London');
    expect(due).toMatchObject({ start: '2026-06-01', end: '2026-06-07' });
    expect(due.dueAt.toISOString()).toBe('2026-06-08T06:00:00.000Z');
    // In Colombo (UTC+5:30) Monday 07:00 is 01:30 UTC.
    expect(duePeriod('weekly', new Date('2026-06-08T01:30:00Z'), 'Asia/Colombo').start).toBe('2026-06-01');
    expect(duePeriod('weekly', new Date('2026-06-08T01:29:00Z'), 'Asia/Colombo').start).toBe('2026-05-25');
    // A Sunday evening still sends the week before last.
    expect(duePeriod('weekly', new Date('2026-06-14T20:00:00Z'), 'Europe/London').start).toBe('2026-06-01');
  });

  it('monthly: from the 1st 07:00 local, the month before', () => {
    expect(duePeriod('monthly', new Date('2026-07-01T06:00:00Z'), 'Europe/London')).toMatchObject({
      start: '2026-06-01',
      end: '2026-06-30',
    });
    expect(duePeriod('monthly', new Date('2026-07-01T05:59:00Z'), 'Europe/London')).toMatchObject({
      start: '2026-05-01',
      end: '2026-05-31',
    });
    expect(duePeriod('monthly', new Date('2026-03-15T12:00:00Z'), 'UTC')).toMatchObject({ start: '2026-02-01', end: '2026-02-28' });
    expect(duePeriod('monthly', new Date('2026-01-01T07:00:00Z'), 'UTC')).toMatchObject({ start: '2025-12-01', end: '2025-12-31' });
  });
});

describe('sent once per subscription, recipient and period', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let tenant: Tenant & { company: { id: number } };
  let subscriptionId: number;
  // Monday 8 June 2026, 07:30 in London: the week of 1-7 June is due.
  const MONDAY = new Date('2026-06-08T06:30:00Z');

  const outboxRows = () =>
    ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.company_id, tenant.company.id), eq(mailOutbox.kind, 'report')));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Parking Solutions <reports@parking.test>',
      MAIL_POLL_INTERVAL_MS: 50,
      MAIL_RETRY_BASE_MS: 50,
      MAIL_LEASE_MS: 60_000,
    });
    tenant = await createTenant(ctx);
    const place = await insertBookingPlace(ctx.db, tenant.company.id);
    await ctx.db.update(locations).set({ capacity: 4 }).where(eq(locations.id, place.carPark.id));
    await insertBooking(ctx.db, tenant.company.id, place, {
      departure_at: new Date('2026-06-03T08:00:00Z'),
      base_price: 4500,
      created_by: tenant.user.id,
      created_at: new Date('2026-05-20T08:00:00Z'),
    });
    const manager = await createUser(ctx.db, {
      company_id: tenant.company.id,
      role: 'admin',
      name: 'Mira Manager',
      email: `mira-${tenant.company.id}@example.com`,
    });
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/report-subscription/add',
      headers: tenant.headers,
      payload: { user_id: manager.id, frequency: 'weekly', language: 'en' },
    });
    expect(add.statusCode).toBe(201);
    subscriptionId = add.json().data.id;
    // Subscribed on Wednesday 3 June.
    await ctx.db
      .update(reportSubscriptions)
      .set({ created_at: new Date('2026-06-03T10:00:00Z') })
      .where(eq(reportSubscriptions.id, subscriptionId));
  });

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('nothing before Monday 07:00 local: the week before the subscription existed is not sent', async () => {
    expect(await runReportSchedule(ctx.db, new Date('2026-06-08T05:59:00Z'))).toBe(0);
    expect(await outboxRows()).toEqual([]);
  });

  it('a process that dies after its claim leaves nothing; the next round sends it', async () => {
    await expect(
      runReportSchedule(ctx.db, MONDAY, {
        afterClaim: async () => {
          throw new Error('the process died mid-send');
        },
      }),
    ).rejects.toThrow('the process died mid-send');
    expect(await outboxRows()).toEqual([]);
    expect(await ctx.db.select().from(reportDeliveries).where(eq(reportDeliveries.subscription_id, subscriptionId))).toEqual([]);
  });

  it('two schedulers racing (two connection pools on one database) queue the period once', async () => {
    const second = ctx.config.DATABASE_URL
      ? await openDatabase({ databaseUrl: ctx.config.DATABASE_URL, dataDir: 'memory://', connectTimeoutMs: 5000 })
      : ctx.database;
    try {
      const log = memoryLog();
      const first = createReportScheduler(ctx.db, log, { clock: () => MONDAY });
      const other = createReportScheduler(second.db, log, { clock: () => MONDAY });
      const counts = await Promise.all([
        first.runOnce(),
        other.runOnce(),
        runReportSchedule(second.db, MONDAY),
        runReportSchedule(ctx.db, MONDAY),
      ]);
      expect(log.lines).toEqual([]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    } finally {
      if (second !== ctx.database) await second.close();
    }
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    const deliveries = await ctx.db.select().from(reportDeliveries).where(eq(reportDeliveries.subscription_id, subscriptionId));
    expect(deliveries).toEqual([expect.objectContaining({ period_start: '2026-06-01', period_end: '2026-06-07', mail_id: rows[0]?.id })]);
    // Later rounds of the same week (a restart, the next poll) send nothing more.
    expect(await runReportSchedule(ctx.db, new Date('2026-06-10T12:00:00Z'))).toBe(0);
    expect(await outboxRows()).toHaveLength(1);
    // The list shows the last period sent.
    const got = await ctx.app.inject({ method: 'GET', url: `/api/report-subscription/get/${subscriptionId}`, headers: tenant.headers });
    expect(got.json().data.last_period_start).toBe('2026-06-01');
  });

  it('is delivered over SMTP: the HTML summary with the XLSX attached', async () => {
    const worker = mailWorkerFromConfig(ctx.config, ctx.database, memoryLog());
    await worker.start();
    try {
      await until(() => smtp.received.some((entry) => entry.mail.subject?.includes('weekly report')), 'the report mail');
    } finally {
      await worker.stop();
    }
    const { mail, to } = smtp.received.find((entry) => entry.mail.subject?.includes('weekly report')) ?? { mail: undefined, to: [] };
    expect(to).toEqual([`mira-${tenant.company.id}@example.com`]);
    expect(mail?.subject).toContain('weekly report');
    expect(mail?.html).toContain('Hello Mira Manager');
    expect(mail?.html).toContain('£45.00');
    expect(mail?.text).toContain('Bookings: 1');
    const xlsx = mail?.attachments.find((file) => file.filename === 'report-2026-06-01-2026-06-07.xlsx');
    expect(xlsx?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx?.content as unknown as ArrayBuffer);
    const revenue = workbook.getWorksheet('Revenue');
    expect(revenue?.getRow(2).getCell(3).value).toBe(1);
    expect(revenue?.getRow(2).getCell(4).value).toBe(45);
    expect(workbook.getWorksheet('Occupancy')?.rowCount).toBe(8);
  });

  it('the next week is its own period', async () => {
    expect(await runReportSchedule(ctx.db, new Date('2026-06-15T06:00:00Z'))).toBe(1);
    const deliveries = await ctx.db.select().from(reportDeliveries).where(eq(reportDeliveries.subscription_id, subscriptionId));
    expect(deliveries.map((row) => row.period_start).sort()).toEqual(['2026-06-01', '2026-06-08']);
  });
});
