import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.ts';
import type { TestContext } from '../harness.ts';
import { call, clientKeyHeaders } from '../kit.ts';
import type { insertPricedRoute } from './quote.ts';

/** A company as the public booking API's tests use it: its id and client key. */
export interface KeyedCompany {
  id: number;
  client_key: string;
}
type PricedRoute = Awaited<ReturnType<typeof insertPricedRoute>>;

/** `days` whole days from today (UTC) at `hour` o'clock UTC: a stay that stays ahead whenever the test runs. */
export function daysAhead(days: number, hour: number): string {
  const day = new Date();
  day.setUTCHours(hour, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString();
}

/**
 * A customer's booking through `POST /api/public/booking/add` on the route: drop-off 12 days ahead at 08:00 UTC and
 * collection 4 days later (the week band), unless `fields` say otherwise.
 */
export async function bookOnline(
  ctx: TestContext,
  company: KeyedCompany,
  route: PricedRoute,
  customer: { email: string; name: string },
  fields: Record<string, unknown> = {},
) {
  const answer = await call(
    ctx.app,
    'POST',
    '/api/public/booking/add',
    { ...clientKeyHeaders(company), 'idempotency-key': randomUUID() },
    {
      customer_name: customer.name,
      customer_email: customer.email,
      vehicle_reg: 'KV12 ABC',
      airport_id: route.airport.id,
      departure_id: route.carPark.id,
      arrival_id: route.terminal.id,
      departure_at: daysAhead(12, 8),
      arrival_at: daysAhead(16, 18),
      form_started_at: new Date(Date.now() - 60_000).toISOString(),
      ...fields,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { reference: string; total: number; status: string };
}

/** The newest code mailed for the booking, once `count` codes have gone to it (the mail is queued just after `access`). */
export async function mailedCode(ctx: TestContext, companyId: number, reference: string, count: number) {
  let rows: (typeof mailOutbox.$inferSelect)[] = [];
  await expect
    .poll(async () => {
      rows = await ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'booking_access_code'), eq(mailOutbox.company_id, companyId)))
        .orderBy(desc(mailOutbox.id));
      return rows.filter((row) => row.subject.includes(reference)).length;
    })
    .toBe(count);
  const newest = rows.find((row) => row.subject.includes(reference));
  const code = newest?.text_body.match(/^(\d{6})$/m)?.[1];
  if (!newest || !code) throw new Error('no code in the mail');
  return { code, mailId: newest.id };
}

/** The booking token of a booking, by the customer's way: access, the mailed code, verify. */
export async function bookingTokenFor(ctx: TestContext, company: KeyedCompany, reference: string, email: string): Promise<string> {
  // Counted before asking: the new code's mail is queued just after the answer.
  const earlier = await ctx.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'booking_access_code'), eq(mailOutbox.company_id, company.id)));
  const codesBefore = earlier.filter((row) => row.subject.includes(reference)).length;
  const asked = await call(ctx.app, 'POST', '/api/public/booking/access', clientKeyHeaders(company), { reference, email });
  expect(asked.status).toBe(202);
  const { code } = await mailedCode(ctx, company.id, reference, codesBefore + 1);
  const verified = await call(ctx.app, 'POST', '/api/public/booking/verify', clientKeyHeaders(company), { reference, code });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return (verified.body.data as { booking_token: string }).booking_token;
}
