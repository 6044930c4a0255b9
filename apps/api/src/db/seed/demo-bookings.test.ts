import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, mintAccessToken } from '../../../test/kit.ts';
import { mailOutbox, users } from '../schema/index.ts';
import { DEMO_ADMIN, seedDemoData } from './demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.db);
});
afterAll(() => ctx?.close());

describe('the demo bookings', () => {
  it('are made through the bookings service: priced, counted, with their histories and queued confirmations', async () => {
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    if (!admin?.company_id) throw new Error('no demo admin');
    const headers = { authorization: `Bearer ${await mintAccessToken(ctx, admin)}` };
    const list = await call(ctx.app, 'GET', '/api/booking/list?page_size=100&sort=customer_name', headers);
    const bookings = list.body.data as Array<{ id: number; customer_name: string; status: string; total: number; car_park_name: string }>;
    expect(bookings.map((booking) => [booking.customer_name, booking.status])).toEqual([
      ['Amelia Hart', 'confirmed'],
      ['Daniel Brooks', 'completed'],
      ['Emily Shaw', 'cancelled'],
      ['George Whitfield', 'parked'],
      ['Harriet Cole', 'pending'],
      ['Kavin Sivakumar', 'confirmed'],
      ['Oliver Grant', 'pending'],
      ['Priya Natarajan', 'parked'],
      ['Sofia Marino', 'checked_in'],
    ]);
    expect(bookings.every((booking) => booking.total > 0 && booking.car_park_name.includes('Long Stay'))).toBe(true);
    const completed = bookings.find((booking) => booking.customer_name === 'Daniel Brooks');
    const history = await call(ctx.app, 'GET', `/api/booking/status/history/${completed?.id}`, headers);
    expect((history.body.data as Array<{ to_status: string }>).map((entry) => entry.to_status)).toEqual([
      'confirmed',
      'checked_in',
      'parked',
      'checked_out',
      'completed',
    ]);
    const figures = await call(ctx.app, 'GET', '/api/booking/statistics/list', headers);
    expect((figures.body.data as { on_site_now: number }).on_site_now).toBe(3);
    const outbox = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.company_id, admin.company_id));
    expect(outbox).toHaveLength(9);
    expect(outbox.every((message) => message.state === 'queued')).toBe(true);
  });
});
