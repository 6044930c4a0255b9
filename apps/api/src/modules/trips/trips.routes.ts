import { myDayEndpoints } from '@ps/contracts/myDay';
import { tripEndpoints } from '@ps/contracts/trips.endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { crewActorOf } from '../../kit/crew.ts';
import { endpointServer, listAnswer, wholeListAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { readMyDay } from './trips.day.ts';
import { MAX_PARTNER_TRIPS_PER_DAY, partnerTrips } from './trips.partners.ts';
import type { TripCaller } from './trips.rules.ts';
import { createTripsService } from './trips.service.ts';
import { createTripStatusService } from './trips.status.ts';

const scope = `An admin reaches every trip of the company; a driver only the trips assigned to them (any other trip is a 404,
as another company's is).`;
const answer = `Answers the trip as \`trips/get\` does: the list's fields (booking reference, customer, vehicle, flight, both
places' names, driver's name, \`driver_fee\`, the \`driver_taken_off\` warning) with \`status_history\`, \`movements\` (the car's path on this trip) and
\`schedule_changes\` (times it moved by itself).`;
const assignment = `A \`driver_id\` must name a driver eligible on the trip's day (in the \`time_zone\` query parameter, else the
company's): else 409 \`driver_not_eligible\`, its message naming every reason in your language; and free (no other trip of theirs,
cancelled ones aside, less than 60 minutes away): else 409 \`driver_busy\`.`;

/** Spec 7 `trips/...`: the CRUD, status list and updates, movement and statistics (issue 8, section 3). */
export function registerTripRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createTripsService(db);
  const statuses = createTripStatusService(db);
  const serve = endpointServer(app, 'trips');
  const callerOf = async (request: FastifyRequest): Promise<TripCaller> => ({
    ...(await crewActorOf(db, request)),
    language: request.language,
    t: request.t,
  });

  serve(tripEndpoints.add, {
    summary: 'Add a trip',
    description: `\`type\` (\`in\`: terminal to yard, \`out\`: yard to terminal, \`shuttle\`), each end a location or a yard
(\`from_location_id\` or \`from_yard_id\`, \`to_location_id\` or \`to_yard_id\`: exactly one of each pair), \`scheduled_at\`,
optional \`booking_id\`, \`driver_id\` or \`partner_company_id\` (a company yours lists as a partner, which then runs the trip and
sees it in its partner list; else 400 \`trip_partner_invalid\`; never both: then the trip starts \`assigned\`, else \`scheduled\`), \`driver_fee\` (minor units; the
company's trip fee when left out) and \`notes\`. ${assignment} References to another company's records are a 400 on their field.
A booking that is cancelled, a no-show, checked out or completed takes no new trip (409 \`trip_booking_closed\`). Audited. ${answer}`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.created'),
      data: await service.create(await callerOf(request), request.body, request.query.time_zone),
    }),
  });

  serve(tripEndpoints.list, {
    summary: 'Trips of a day or a range of days',
    description: `\`date\` (one day) or \`from\`/\`to\` (YYYY-MM-DD, both counted) of \`scheduled_at\` in the \`time_zone\` query
parameter (an IANA zone; the company's otherwise). Filters: \`driver_id\`, \`status\` (comma separated), \`type\`, \`booking_id\`,
\`unassigned=1\` (no driver) or \`0\`. \`search\` in the booking reference, customer name, registration (spaces ignored) and driver's
name. Sort \`scheduled_at\` (default, earliest first), \`status\`, \`type\`, \`driver_fee\`, \`created_at\`; paging up to 1000.
Each trip carries its booking's reference, customer, vehicle and flight, both places' names, its driver's name and fee, and
\`driver_taken_off\` (the dispatch screen's warning): while the trip waits for a driver because a move of its time by itself (a late or
early return flight, a changed booking) took its driver off, who (\`driver_id\`, \`driver_name\`), why (\`reason\`), the time before and
after that move (\`from_at\`, \`to_at\`) and when (\`changed_at\`); null otherwise, and once anyone is assigned. ${scope}`,
    handler: async (request) => {
      return listAnswer(request, await service.list(await callerOf(request), request.query));
    },
  });

  serve(tripEndpoints.partnerList, {
    summary: 'Trips other companies gave to yours',
    description: `For a company listed as a partner by others: the trips they gave it (\`partner_company_id\`) on one day (\`date\`,
default today, of \`scheduled_at\` in \`time_zone\`, else your company's), earliest first, at most ${MAX_PARTNER_TRIPS_PER_DAY}. Each
with the giving company's name and what the job needs: type, status, time, both places, the booking's reference, customer,
vehicle and flight, and the notes; never the giving company's fees, drivers or payouts. A company that stops listing yours
as a partner stops sharing at once. Nothing else of another company is reachable: its trips are a 404 on every other call.`,
    handler: async (request) => {
      const items = await partnerTrips(db, callerCompanyId(request), request.query);
      return wholeListAnswer(request, items);
    },
  });

  serve(tripEndpoints.get, {
    summary: 'One trip, with its history and movements',
    description: `${answer} ${scope}`,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.get(await callerOf(request), request.params.id),
    }),
  });

  serve(tripEndpoints.update, {
    summary: 'Change a trip, assign or take off its driver',
    description: `Any subset of the add's fields. Naming one place of an end clears the other. \`driver_id\` assigns the trip
(\`scheduled\` becomes \`assigned\`), \`driver_id: null\` takes the driver off (\`assigned\` becomes \`scheduled\`); a new time with
the driver kept checks them again. \`partner_company_id\` gives the trip to a partner company in the same way (a driver given takes
the partner off, and a partner given takes the driver off). ${assignment} Once the trip has started, finished or been cancelled only \`driver_fee\` and
\`notes\` change (409 \`trip_closed\`); a paid trip not at all (409 \`trip_paid\`). Statuses have their own calls. Audited. ${answer}`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.update(await callerOf(request), request.params.id, request.body, request.query.time_zone),
    }),
  });

  serve(tripEndpoints.delete, {
    summary: 'Delete a trip that never happened',
    description: `A trip that has started or finished, or has movements recorded, stays on record (409 \`trip_in_use\`; cancel
an open one instead); a paid one too (409 \`trip_paid\`). A confirmed meet-and-greet booking makes a deleted in or out trip again
at its next change: cancel those rather than delete them. Audited.`,
    errors: [409],
    handler: async (request) => {
      await service.remove(await callerOf(request), request.params.id);
      return { message: request.t('success.deleted') };
    },
  });

  serve(tripEndpoints.statusList, {
    summary: "A trip's statuses, in your language",
    description: `\`scheduled\`, \`assigned\`, \`started\`, \`completed\`, \`cancelled\`, each with its label in the language of
\`Accept-Language\`, the statuses it may move to (\`next\`) and those of them a driver may make on their own trip (\`driver_next\`).`,
    handler: async (request) => ({ message: request.t('success.list'), data: statuses.statusOptions(request) }),
  });

  serve(tripEndpoints.updateStatus, {
    summary: "Move a trip's status",
    description: `\`{ status, note? }\` along the transitions of \`trips/status/list\` (anything else is a 400 naming both statuses).
A driver, on their own trip, starts it (\`assigned\` → \`started\`) and completes it (\`started\` → \`completed\`); the other moves are
the office's (403 \`trip_status_admin_only\`). \`assigned\` needs the trip's driver (409 \`trip_needs_driver\`: assign one with
\`trips/update\`); \`scheduled\` takes the driver off. A paid trip cannot change (409 \`trip_paid\`). Each move is in the status
history (who, when, from, to, note) and audited. ${scope} ${answer}`,
    errors: [409],
    idempotent: true,
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await statuses.changeStatus(await callerOf(request), request.params.id, request.body),
    }),
  });

  serve(tripEndpoints.correctStatus, {
    summary: "Correct a trip's status (admins)",
    description: `\`{ status, reason }\`: any status other than the current one, backwards too, with the reason (required). A status
that needs a driver (\`assigned\`, \`started\`, \`completed\`) still needs one (409 \`trip_needs_driver\`); \`scheduled\` takes the
driver off; a cancelled trip brought back as \`assigned\` checks its driver again. A paid trip cannot change (409 \`trip_paid\`). The
reason goes into the status history and the audit log (\`trip_status_correction\`). Drivers get 403.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await statuses.correctStatus(await callerOf(request), request.params.id, request.body, request.query.time_zone),
    }),
  });

  serve(tripEndpoints.addMovement, {
    summary: "Record where a trip's car is now",
    description: `\`{ trip_id, location_id | yard_id, moved_at? }\`: the car of the trip (and so of its booking) is at that location or
yard since \`moved_at\` (default now; more than 5 minutes ahead is a 400). Recorded with who moved it. A driver records on their own
trips; a cancelled trip takes none (409 \`trip_closed\`), a paid one neither. Audited. Answers the movement.`,
    errors: [404, 409],
    idempotent: true,
    handler: async (request) => ({
      message: request.t('success.created'),
      data: await statuses.recordMovement(await callerOf(request), request.body),
    }),
  });

  serve(tripEndpoints.movements, {
    summary: "A booking's car path, or a trip's movements",
    description: `\`booking_id\` (every trip of the booking: the path the booking page shows) or \`trip_id\`, in the order they
happened, each with the trip's type, the place's name and who recorded it. 404 when the booking or trip is not within your reach; a
driver sees the movements of their own trips.`,
    errors: [404],
    handler: async (request) => ({
      message: request.t('success.list'),
      data: await statuses.movements(await callerOf(request), request.query),
    }),
  });

  serve(myDayEndpoints.get, {
    summary: "A driver's day, for their phone",
    description: `The trips of one calendar day (\`date\`, default today, in \`time_zone\`, else the company's), in time order, with all
a driver needs at the kerb: the customer's name and phone, passengers, the flight and its latest news (an \`out\` trip's
return flight), both ends with their address and coordinates (for a map link), the car and where it stands on site with its
key. A driver reads their own day; the office names the driver (\`driver_id\`: 400 without it, 404 for a driver not of your
company). One answer, so the phone can keep it offline (\`generated_at\` says how old a copy is).`,
    errors: [404],
    handler: async (request) => ({
      message: request.t('success.list'),
      data: await readMyDay(db, await crewActorOf(db, request), request.query),
    }),
  });

  serve(tripEndpoints.statistics, {
    summary: 'Trips per day, week or month, by status',
    description: `Per period of \`scheduled_at\` (\`segment\`: \`day\`, \`week\` from Monday, \`month\`) from \`from\` to \`to\` (YYYY-MM-DD, both
counted; \`from\` moves back to its period's start) in the \`time_zone\` query parameter (else the company's): the number of trips
and the number in each status. Every period is answered, in order, with 0 where there were none. Without \`to\`: today; without
\`from\`: 30 days, 12 weeks or 12 months up to \`to\`; at most 400 periods (else a 400 on \`to\`). Filters \`driver_id\`, \`type\`. A
driver counts their own trips.`,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.statistics(await callerOf(request), request.query),
    }),
  });
}
