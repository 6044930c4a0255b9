import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { additionalServices, bookingServices } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { RecordActor } from '../../kit/routes.ts';
import { invalidField } from '../../lib/errors.ts';

type LineRow = typeof bookingServices.$inferSelect;

/**
 * What setting a booking's services to exactly `serviceIds` does (the customer's own change, online): lines of services
 * it keeps stay as they are (their price and quantity the office may have set), lines of services left out go, and
 * each new service comes as one at its current price (only the company's active services: 400 on `service_ids`).
 */
export interface ServiceSetPlan {
  removeLines: LineRow[];
  addServices: Array<{ id: number; name: string; price: number }>;
  /** The booking's services price once the set is applied. */
  services_price: number;
  changed: boolean;
}

export async function planServiceSet(db: DbOrTx, companyId: number, bookingId: number, serviceIds: number[]): Promise<ServiceSetPlan> {
  const lines = await db
    .select()
    .from(bookingServices)
    .where(and(eq(bookingServices.company_id, companyId), eq(bookingServices.booking_id, bookingId)));
  const wanted = new Set(serviceIds);
  const kept = lines.filter((line) => wanted.has(line.additional_service_id));
  const removeLines = lines.filter((line) => !wanted.has(line.additional_service_id));
  const missing = [...wanted].filter((id) => !lines.some((line) => line.additional_service_id === id));
  const addServices =
    missing.length === 0
      ? []
      : await db
          .select({ id: additionalServices.id, name: additionalServices.name, price: additionalServices.price })
          .from(additionalServices)
          .where(
            and(eq(additionalServices.company_id, companyId), inArray(additionalServices.id, missing), eq(additionalServices.status, 1)),
          );
  if (addServices.length !== missing.length) throw invalidField('service_ids');
  const sum = (prices: number[]) => prices.reduce((total, price) => total + price, 0);
  return {
    removeLines,
    addServices,
    services_price: sum(kept.map((line) => line.price)) + sum(addServices.map((service) => service.price)),
    changed: removeLines.length > 0 || addServices.length > 0,
  };
}

/** Writes a planned service set in the booking's transaction, each line's removal and addition audited. */
export async function applyServiceSet(tx: DbOrTx, actor: RecordActor, bookingId: number, plan: ServiceSetPlan): Promise<void> {
  for (const line of plan.removeLines) {
    await tx.delete(bookingServices).where(and(eq(bookingServices.company_id, actor.companyId), eq(bookingServices.id, line.id)));
    await recordAudit(tx, { ...actor, entity: 'booking_service', entityId: line.id, action: 'delete', before: line });
  }
  if (plan.addServices.length === 0) return;
  const added = await tx
    .insert(bookingServices)
    .values(
      plan.addServices.map((service) => ({
        company_id: actor.companyId,
        booking_id: bookingId,
        additional_service_id: service.id,
        name: service.name,
        unit_price: service.price,
        quantity: 1,
        price: service.price,
      })),
    )
    .returning();
  for (const line of added) {
    await recordAudit(tx, { ...actor, entity: 'booking_service', entityId: line.id, action: 'create', after: line });
  }
}
