import {
  dataEnvelope,
  idParamsSchema,
  listEnvelope,
  messageEnvelope,
  type PayoutCreate,
  type PayoutListQuery,
  type PayoutUpdate,
  payoutCreateSchema,
  payoutDetailSchema,
  payoutListQuerySchema,
  payoutSchema,
  payoutStatisticsQuerySchema,
  payoutStatisticsSchema,
  payoutUpdateSchema,
} from '@ps/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { createPayoutsService, MAX_PAYOUT_DAYS } from './payouts.service.ts';

const tags = ['driver-payouts'];
const security = [{ bearer: [] }];
const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

const figuresNote = `Figures in minor units of your currency: \`hours_amount\` is each unpaid present day's worked minutes x the
driver's hourly rate in force that day (rounded per day), \`trips_amount\` the fees of the completed trips not yet paid (a trip counts on
its day in your company's time zone); days marked paid by hand are skipped.`;

/**
 * Issue 8, section 2: `driver/payouts` (add, list, get, update, delete, and approve) and
 * `driver-payout/statistics/list`. Money is never paid twice: see payouts.service.ts.
 */
export function registerPayoutRoutes(app: FastifyInstance, db: Db): void {
  const service = createPayoutsService(db);

  app.route({
    method: 'POST',
    url: '/api/driver/payouts/add',
    config: { permission: 'payouts.create' },
    schema: {
      tags,
      security,
      summary: "Compute a driver's payout for a period (a draft)",
      description: `A draft for \`driver_id\` from \`period_start\` to \`period_end\` (both counted, at most ${MAX_PAYOUT_DAYS} days: else 400
\`payout_period_too_long\`). ${figuresNote} A period sharing a day with an approved payout of the driver: 409 \`payout_overlaps\`;
a day worked with no rate in force: 409 \`payout_rate_missing\` naming it. Another company's, an unknown or a removed driver: 404.
Audited (\`payout\`).`,
      body: payoutCreateSchema,
      response: { 201: dataEnvelope(payoutDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request, reply) => {
      const payout = await service.add(companyActorOf(request), request.body as PayoutCreate);
      return reply.code(201).send({ message: request.t('success.created'), data: payout });
    },
  });

  app.route({
    method: 'GET',
    url: '/api/driver/payouts/list',
    config: { permission: 'payouts.view' },
    schema: {
      tags,
      security,
      summary: "Your company's driver payouts",
      description: `Filters \`driver_id\`, \`status\` (\`draft\`, \`approved\`), and \`from\` / \`to\` (payouts whose period shares a day with
them); \`search\` in the driver's names; sort by \`period_start\` (default newest first: \`-period_start\`), \`period_end\`, \`total\`,
\`status\`, \`created_at\`. A draft's figures are those of when it was computed or last changed; its get shows them now.`,
      querystring: payoutListQuerySchema,
      response: { 200: listEnvelope(payoutSchema), ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const query = request.query as PayoutListQuery;
      const { items, total } = await service.list(companyActorOf(request), query);
      return { message: request.t('success.list'), data: items, pagination: { page: query.page, page_size: query.page_size, total } };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/driver/payouts/get/:id',
    config: { permission: 'payouts.view' },
    schema: {
      tags,
      security,
      summary: 'A payout with its lines',
      description: `An approved payout with the lines it paid (each day: minutes, rate, amount; each trip: its fee). A draft with what it
would pay now (its figures and lines computed at the call), and \`missing_rate_days\`: days worked with no rate in force, which stop its
approval. Another company's or an unknown payout: 404.`,
      params: idParamsSchema,
      response: { 200: dataEnvelope(payoutDetailSchema), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.get(companyActorOf(request), idOf(request)),
    }),
  });

  app.route({
    method: 'PATCH',
    url: '/api/driver/payouts/update/:id',
    config: { permission: 'payouts.create' },
    schema: {
      tags,
      security,
      summary: "Change a draft payout's period or notes (it is computed again)",
      description: `A draft only: an approved payout is final (409 \`payout_approved\`). The same period rules as an add. Audited.`,
      params: idParamsSchema,
      body: payoutUpdateSchema,
      response: { 200: dataEnvelope(payoutDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.update(companyActorOf(request), idOf(request), request.body as PayoutUpdate),
    }),
  });

  app.route({
    method: 'PATCH',
    url: '/api/driver/payouts/approve/:id',
    config: { permission: 'payouts.approve' },
    schema: {
      tags,
      security,
      summary: 'Approve a payout: pay its days and trips',
      description: `In one transaction, under a lock on the driver: computes what is unpaid in the period now, writes those lines and marks
exactly those attendance days paid (\`paid_status\` \`paid\`, \`payout_id\`) and those trips paid (\`payout_id\`), and records the
figures. Two approved payouts of a driver never share a day, also when approved at the same moment: the second gets 409
\`payout_overlaps\`. Already approved: 409 \`payout_approved\`; nothing unpaid: 409 \`payout_nothing_to_pay\`; a day with no rate: 409
\`payout_rate_missing\`. Audited.`,
      params: idParamsSchema,
      response: { 200: dataEnvelope(payoutDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.payoutApproved'),
      data: await service.approve(companyActorOf(request), idOf(request)),
    }),
  });

  app.route({
    method: 'DELETE',
    url: '/api/driver/payouts/delete/:id',
    config: { permission: 'payouts.delete' },
    schema: {
      tags,
      security,
      summary: 'Delete a draft payout',
      description: 'A draft only (an approved payout has paid its rows: 409 `payout_approved`). Audited.',
      params: idParamsSchema,
      response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => {
      await service.remove(companyActorOf(request), idOf(request));
      return { message: request.t('success.deleted') };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/driver-payout/statistics/list',
    config: { permission: 'payouts.view' },
    schema: {
      tags,
      security,
      summary: 'Payout figures per driver',
      description: `For each of your company's drivers (or \`driver_id\` only): approved payouts (count, total) and the last day they pay
(\`paid_until\`), drafts (count, total), and what is owed on no payout yet: unpaid present minutes and completed unpaid trips.`,
      querystring: payoutStatisticsQuerySchema,
      response: { 200: dataEnvelope(z.array(payoutStatisticsSchema)), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => {
      const query = request.query as z.output<typeof payoutStatisticsQuerySchema>;
      return { message: request.t('success.list'), data: await service.statistics(companyActorOf(request), query.driver_id) };
    },
  });
}
