/**
 * Handovers' and positions' value lists, without zod (the screens use them; issue 22, sections 1 and 2).
 */

/** A bay holds one car; a row or a zone holds any number. */
export const positionKinds = ['bay', 'row', 'zone'] as const;
export type PositionKind = (typeof positionKinds)[number];

/** Taking the car from its customer (at the gate or the terminal) and giving it back. */
export const handoverKinds = ['check_in', 'check_out'] as const;
export type HandoverKind = (typeof handoverKinds)[number];

/** The parts of the car outline a damage mark is placed on. */
export const damageAreas = ['front', 'rear', 'left', 'right', 'roof'] as const;
export type DamageArea = (typeof damageAreas)[number];

/** What a stored handover image is: a photo of the car, or the customer's signature. */
export const handoverFilePurposes = ['photo', 'signature'] as const;
export type HandoverFilePurpose = (typeof handoverFilePurposes)[number];

/** The fuel gauge in eighths: 0 (empty) to 8 (full). */
export const FUEL_EIGHTHS_MAX = 8;

/** How long the person who recorded a handover may take it back. */
export const HANDOVER_UNDO_MINUTES = 10;

/** At most this many photos on one handover, each at most this many bytes once compressed by the browser. */
export const MAX_HANDOVER_PHOTOS = 8;
export const MAX_HANDOVER_PHOTO_BYTES = 1_500_000;
/** A signature is a small PNG of strokes. */
export const MAX_SIGNATURE_BYTES = 300_000;
