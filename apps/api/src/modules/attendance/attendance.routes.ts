import { attendanceEndpoints } from '@ps/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { crewActorOf } from '../../kit/crew.ts';
import { endpointServer, listAnswer, wholeListAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { requireCaller } from '../../plugins/auth.ts';
import { type AttendanceCaller, createAttendanceService } from './attendance.service.ts';

const scopeNote = `A driver reaches only their own days: another driver's, like another company's, is a 404.`;
const closedNote = `A day a payout paid (\`payout_id\`) is closed: 409 \`attendance_paid_by_payout\` naming the payout. A day marked
paid by hand must be set back to unpaid first: 409 \`attendance_paid\`.`;
const timesNote = `Times are UTC instants; the start falls on \`day\` in the company's time zone, the end after it and at most 24
hours later, neither in the future; \`worked_minutes\` (and \`hours\`) follow from them. A present day may have a start and no end
(clocked in: 0 minutes until the end); absent and leave days have no times. A refused time is a 400 naming its field
(\`attendance_start_off_day\`, \`attendance_times_order\`, \`attendance_too_long\`, \`attendance_end_needs_start\`,
\`attendance_no_times\`, \`attendance_in_future\`).`;

/** Spec 7 `attendance`: the CRUD pattern, the two status changes and the paid details. */
export function registerAttendanceRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createAttendanceService(db);
  const serve = endpointServer(app, 'attendance');
  const callerOf = async (request: FastifyRequest): Promise<AttendanceCaller> => ({
    actor: await crewActorOf(db, request),
    manage: requireCaller(request).permissions.has('attendance.manage'),
  });

  serve(attendanceEndpoints.add, {
    summary: "Record a driver's day",
    description: `One row per driver and day: a second is 409 \`attendance_day_taken\` on \`day\`. An admin names the driver
(\`driver_id\`) and may record an absent or leave day (\`attendance_status\`); a driver records their own present day (no
\`driver_id\` needed; \`attendance_status\` is 403 \`attendance_admin_only\`). A removed or unknown driver: 404. ${timesNote}
Audited (\`attendance\`).`,
    errors: [404, 409],
    idempotent: true,
    handler: async (request) => ({
      message: request.t('success.attendanceAdded'),
      data: await service.add(await callerOf(request), request.body),
    }),
  });

  serve(attendanceEndpoints.list, {
    summary: 'Attendance days',
    description: `Filters \`driver_id\` (an unknown one, or another driver's for a driver: 404), \`from\` and \`to\` (calendar days,
both counted), \`attendance_status\`, \`paid_status\`; \`search\` in the driver's name and the notes; sort \`day\`, \`driver_name\`,
\`worked_minutes\`, \`attendance_status\`, \`paid_status\`, \`created_at\` (default \`-day\`). ${scopeNote}`,
    errors: [404],
    handler: async (request) => {
      return listAnswer(request, await service.list(await crewActorOf(db, request), request.query));
    },
  });

  serve(attendanceEndpoints.get, {
    summary: 'One attendance day',
    description: scopeNote,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.get(await crewActorOf(db, request), request.params.id),
    }),
  });

  serve(attendanceEndpoints.update, {
    summary: "Change a day's times or notes",
    description: `Any of \`start_at\`, \`end_at\` (\`null\` clears one), \`notes\`, and for admins \`day\` (a driver: 403
\`attendance_admin_only\`). ${timesNote} ${closedNote} ${scopeNote} Audited.`,
    errors: [409],
    idempotent: true,
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.update(await callerOf(request), request.params.id, request.body),
    }),
  });

  serve(attendanceEndpoints.updateAttendanceStatus, {
    summary: 'Present, absent or on leave',
    description: `\`{ attendance_status }\`: \`absent\` and \`leave\` clear the day's times (0 minutes); \`present\` keeps none, to be
recorded with \`update\`. ${closedNote} Audited.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.attendanceStatus'),
      data: await service.setAttendanceStatus(await crewActorOf(db, request), request.params.id, request.body.attendance_status),
    }),
  });

  serve(attendanceEndpoints.updatePaidStatus, {
    summary: 'Mark a day paid (outside the system) or unpaid',
    description: `\`{ paid_status }\`. A day marked paid is left out of payouts; it can be set back to unpaid unless a payout paid
it (409 \`attendance_paid_by_payout\`). A day clocked in without an end cannot be paid yet: 409 \`attendance_open\`. Audited.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.paidStatus'),
      data: await service.setPaidStatus(await crewActorOf(db, request), request.params.id, request.body.paid_status),
    }),
  });

  serve(attendanceEndpoints.delete, {
    summary: 'Delete an attendance day',
    description: `${closedNote} Audited.`,
    errors: [409],
    handler: async (request) => {
      await service.remove(await crewActorOf(db, request), request.params.id);
      return { message: request.t('success.deleted') };
    },
  });

  serve(attendanceEndpoints.paidDetails, {
    summary: 'Paid and unpaid hours and amounts per driver',
    description: `For each driver with present days (or the one \`driver_id\`, always answered), from \`from\` to \`to\` when given:
days, minutes, decimal hours and amounts, paid and unpaid. Amounts are integer minor units of \`currency\`: each day's minutes x
the hourly rate in force that day, rounded per day (a day a payout paid counts what the payout paid for it).
\`days_without_rate\` counts worked days no rate covered (counted at 0). ${scopeNote}`,
    errors: [404],
    handler: async (request) => {
      const items = await service.paidDetails(await crewActorOf(db, request), request.query);
      return wholeListAnswer(request, items);
    },
  });
}
