import { payoutEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { crewActorOf } from '../../kit/crew.ts';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { forbidden } from '../../lib/errors.ts';
import { createPayoutsService, MAX_PAYOUT_DAYS } from './payouts.service.ts';

const figuresNote = `Figures in minor units of your currency: \`hours_amount\` is each unpaid present day's worked minutes x the
driver's hourly rate in force that day (rounded per day), \`trips_amount\` the fees of the completed trips not yet paid (a trip counts on
its day in your company's time zone); days marked paid by hand are skipped.`;

/**
 * Issue 8, section 2: `driver/payouts` (add, list, get, update, delete, and approve) and
 * `driver-payout/statistics/list`; issue 21, section 9: the month's payroll and approving several at once.
 * Money is never paid twice: see payouts.service.ts.
 */
export function registerPayoutRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createPayoutsService(db);
  const serve = endpointServer(app, 'driver-payouts');

  serve(payoutEndpoints.add, {
    summary: "Compute a driver's payout for a period (a draft)",
    description: `A draft for \`driver_id\` from \`period_start\` to \`period_end\` (both counted, at most ${MAX_PAYOUT_DAYS} days: else 400
\`payout_period_too_long\`). ${figuresNote} A period sharing a day with an approved payout of the driver: 409 \`payout_overlaps\`;
a day worked with no rate in force: 409 \`payout_rate_missing\` naming it. Another company's, an unknown or a removed driver: 404.
Audited (\`payout\`).`,
    errors: [404, 409],
    handler: async (request) => ({
      message: request.t('success.created'),
      data: await service.add(companyActorOf(request), request.body),
    }),
  });

  serve(payoutEndpoints.list, {
    summary: "Your company's driver payouts",
    description: `Filters \`driver_id\`, \`status\` (\`draft\`, \`approved\`), and \`from\` / \`to\` (payouts whose period shares a day with
them); \`search\` in the driver's names; sort by \`period_start\` (default newest first: \`-period_start\`), \`period_end\`, \`total\`,
\`status\`, \`created_at\`. A draft's figures are those of when it was computed or last changed; its get shows them now.`,
    handler: async (request) => {
      return listAnswer(request, await service.list(companyActorOf(request), request.query));
    },
  });

  serve(payoutEndpoints.mine, {
    summary: 'My approved payouts (a driver)',
    description: `The signed-in driver's approved payouts, read only: what they were paid, for which period, hours and trips. Drafts
are the office's work in progress and are not shown. The list's paging, \`from\` / \`to\` and sort as \`driver/payouts/list\`. Only a
driver holds this permission; a driver whose profile is removed: 403.`,
    handler: async (request) => {
      const actor = await crewActorOf(db, request);
      if (actor.driverId === null) throw forbidden();
      return listAnswer(request, await service.list(actor, { ...request.query, driver_id: actor.driverId, status: 'approved' }));
    },
  });

  serve(payoutEndpoints.get, {
    summary: 'A payout with its lines',
    description: `An approved payout with the lines it paid (each day: minutes, rate, amount; each trip: its fee). A draft with what it
would pay now (its figures and lines computed at the call), and \`missing_rate_days\`: days worked with no rate in force, which stop its
approval. Another company's or an unknown payout: 404.`,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.get(companyActorOf(request), request.params.id),
    }),
  });

  serve(payoutEndpoints.update, {
    summary: "Change a draft payout's period or notes (it is computed again)",
    description: `A draft only: an approved payout is final (409 \`payout_approved\`). The same period rules as an add. Audited.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.update(companyActorOf(request), request.params.id, request.body),
    }),
  });

  serve(payoutEndpoints.approve, {
    summary: 'Approve a payout: pay its days and trips',
    description: `In one transaction, under a lock on the driver: computes what is unpaid in the period now, writes those lines and marks
exactly those attendance days paid (\`paid_status\` \`paid\`, \`payout_id\`) and those trips paid (\`payout_id\`), and records the
figures. Two approved payouts of a driver never share a day, also when approved at the same moment: the second gets 409
\`payout_overlaps\`. Already approved: 409 \`payout_approved\`; nothing unpaid: 409 \`payout_nothing_to_pay\`; a day with no rate: 409
\`payout_rate_missing\`. Audited.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.payoutApproved'),
      data: await service.approve(companyActorOf(request), request.params.id),
    }),
  });

  serve(payoutEndpoints.approveMany, {
    summary: 'Approve several payouts at once: all of them or none',
    description: `Each of \`ids\` (1 to 200 of your company's payouts, each once) is approved exactly as \`approve/{id}\` approves one
(its own audit entry too), all in one transaction. \`expected_total\` is the total of what they pay as the caller confirmed it.
Nothing is approved when one cannot be: 409 \`payouts_not_approvable\` with a detail per refusal (\`ids.<index>\`, its reason:
\`payout_approved\`, \`payout_overlaps\`, \`payout_rate_missing\`, \`payout_nothing_to_pay\`), or when they now pay another total than
\`expected_total\` (a day or a trip changed since): 409 \`payouts_total_changed\`. An id that is not your company's: 404, nothing approved.
Answers the payouts as approved and their total.`,
    errors: [404, 409],
    handler: async (request) => ({
      message: request.t('success.payoutsApproved'),
      data: await service.approveMany(companyActorOf(request), request.body),
    }),
  });

  serve(payoutEndpoints.payroll, {
    summary: "A month's payouts across every driver (the payroll)",
    description: `For \`month\` (\`YYYY-MM\`; else the last complete month on your company's clock): one row per driver who takes work
(approved and active; others, removed ones too, when the month has pay of theirs), named, in name order. A payout belongs to the
month its period ends in. Each row: its payouts of the month (an approved one as it paid; a draft as approving it would pay now, with
\`approvable\` and else its \`refusal\`), what is owed in the month and on no payout yet (\`unpaid\`: days and trips no draft covers),
its \`status\` (\`none\` before any payout, \`draft\` while one is a draft, \`approved\`) and its figures, payouts and unpaid together:
\`hours\`, \`trip_count\`, \`amount\`. \`totals\` adds the rows up, and splits the amount into approved, drafts and unpaid.
${figuresNote}`,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.payroll(companyActorOf(request), request.query.month),
    }),
  });

  serve(payoutEndpoints.delete, {
    summary: 'Delete a draft payout',
    description: 'A draft only (an approved payout has paid its rows: 409 `payout_approved`). Audited.',
    errors: [409],
    handler: async (request) => {
      await service.remove(companyActorOf(request), request.params.id);
      return { message: request.t('success.deleted') };
    },
  });

  serve(payoutEndpoints.statistics, {
    summary: 'Payout figures per driver',
    description: `For each of your company's drivers (or \`driver_id\` only): approved payouts (count, total) and the last day they pay
(\`paid_until\`), drafts (count, total), and what is owed on no payout yet: unpaid present minutes and completed unpaid trips.`,
    errors: [404],
    handler: async (request) => ({
      message: request.t('success.list'),
      data: await service.statistics(companyActorOf(request), request.query.driver_id),
    }),
  });
}
