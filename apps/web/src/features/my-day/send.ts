import { attendanceEndpoints } from '@ps/contracts';
import { tripEndpoints } from '@ps/contracts/trips.endpoints';
import { ApiError, callEndpoint } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import type { SendOutcome } from './outbox';
import type { QueuedAction } from './queue';

/**
 * One queued action to the API, with the key it was made with (`Idempotency-Key`: the API runs it once however often
 * it comes). The body is the one stored with the action, so a retry is the same request. Any failure comes back as a
 * status (0: no answer) for the queue's rules to judge (queue.ts `judge`).
 */
export async function sendAction(action: QueuedAction): Promise<SendOutcome> {
  const headers = { 'Idempotency-Key': action.key };
  const request = action.request;
  try {
    switch (request.kind) {
      case 'tripStatus': {
        const answer = await callEndpoint(tripEndpoints.updateStatus, {
          params: { id: request.tripId },
          body: { status: request.status, ...(request.at ? { at: request.at } : {}) },
          headers,
        });
        return { result: { status: answer.status }, answer: answer.data };
      }
      case 'movement': {
        const place = request.place.kind === 'yard' ? { yard_id: request.place.id } : { location_id: request.place.id };
        const answer = await callEndpoint(tripEndpoints.addMovement, {
          body: { trip_id: request.tripId, ...place, moved_at: request.movedAt },
          headers,
        });
        return { result: { status: answer.status }, answer: answer.data };
      }
      case 'clockIn': {
        const answer = await callEndpoint(attendanceEndpoints.add, { body: { day: request.day, start_at: request.at }, headers });
        return { result: { status: answer.status }, answer: answer.data };
      }
      case 'clockOut': {
        const id = request.attendanceId ?? (await dayRecordId(request.day));
        if (id === null) return { result: { status: 404, code: 'not_found', message: i18n.t('myDay.queue.noClockIn') } };
        const answer = await callEndpoint(attendanceEndpoints.update, { params: { id }, body: { end_at: request.at }, headers });
        return { result: { status: answer.status }, answer: answer.data };
      }
    }
  } catch (error) {
    if (error instanceof ApiError) return { result: { status: error.status, code: error.code ?? null, message: error.message } };
    return { result: { status: 0 } };
  }
}

/** The driver's record of a day, for a clock-out whose clock-in was made elsewhere (another phone, the office). */
async function dayRecordId(day: string): Promise<number | null> {
  const answer = await callEndpoint(attendanceEndpoints.list, { query: { from: day, to: day, page_size: 1 } });
  return answer.data[0]?.id ?? null;
}
