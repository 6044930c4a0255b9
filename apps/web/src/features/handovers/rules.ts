import type { BookingStatus } from '@ps/contracts';
import type { Handover, HandoverKind, Relocation } from '@ps/contracts/handovers';

/** The handover a booking's status allows: a confirmed car is checked in, a checked-in or parked one out. */
export function handoverKindFor(status: BookingStatus): HandoverKind | null {
  if (status === 'confirmed') return 'check_in';
  if (status === 'checked_in' || status === 'parked') return 'check_out';
  return null;
}

/** The `kind` the screen's URL asks for, when it is one. */
export function parseKind(value: unknown): HandoverKind | null {
  return value === 'check_in' || value === 'check_out' ? value : null;
}

/** The check-in that brought the car in: the latest one not undone. */
export function currentCheckIn(handovers: readonly Handover[]): Handover | null {
  const checkIns = handovers.filter((handover) => handover.kind === 'check_in' && handover.undone_at === null);
  return checkIns.at(-1) ?? null;
}

/** Where the car and its key are now: the check-in's place, or the last move after it. */
export function whereNow(
  checkIn: Handover | null,
  relocations: readonly Relocation[],
): { position: string | null; place: string | null; key: string | null } | null {
  if (!checkIn) return null;
  const since = Date.parse(checkIn.recorded_at);
  const moves = relocations
    .filter((move) => Date.parse(move.moved_at) >= since)
    .sort((a, b) => Date.parse(a.moved_at) - Date.parse(b.moved_at));
  const last = moves.at(-1);
  if (!last) return { position: checkIn.position_name, place: checkIn.place_name, key: checkIn.key_location };
  // A move names the position, not its yard: the place stays the check-in's unless the position changed.
  const samePosition = last.to_position_name === checkIn.position_name;
  return { position: last.to_position_name, place: samePosition ? checkIn.place_name : null, key: last.to_key_location };
}

/** Whether the signed-in user may still take this handover back: its author, within its window. */
export function mayUndo(handover: Handover, userId: number | undefined, now: number): boolean {
  return (
    handover.undone_at === null &&
    handover.undo_until !== null &&
    userId !== undefined &&
    handover.recorded_by === userId &&
    Date.parse(handover.undo_until) > now
  );
}

/** A key no other handover has: once per visit of the screen, so a double tap or a retry records one handover. */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure origin; a yard's tablet on plain HTTP still gets a random key.
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return `handover-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `handover-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
