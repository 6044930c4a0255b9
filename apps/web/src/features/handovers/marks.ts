import type { DamageArea } from '@ps/contracts/common/handoverStates';

/**
 * The car outline's geometry (docs/decisions.md, "Handover damage marks"): the car unfolded flat, as on a paper
 * inspection sheet, its front at the top. The roof (top view) sits in the middle, the left and right sides open out
 * beside it (the wheels outwards), the front above and the rear below. A mark is kept as its area and where on that
 * area's panel it sits, 0 to 1 across and down as drawn here, so the record reads the same at any screen size.
 */
export const OUTLINE = { width: 300, height: 440 } as const;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each area's panel in the outline's own units (OUTLINE). */
export const areaBoxes: Record<DamageArea, Box> = {
  front: { x: 90, y: 0, width: 120, height: 64 },
  left: { x: 0, y: 76, width: 78, height: 288 },
  roof: { x: 90, y: 76, width: 120, height: 288 },
  right: { x: 222, y: 76, width: 78, height: 288 },
  rear: { x: 90, y: 376, width: 120, height: 64 },
};

/** The order a keyboard meets the areas in: top to bottom, left to right, as they are drawn. */
export const areaOrder: readonly DamageArea[] = ['front', 'left', 'roof', 'right', 'rear'];

/** A panel's place over the outline as CSS percentages, for the button laid over it. */
export function areaStyle(area: DamageArea): { left: string; top: string; width: string; height: string } {
  const box = areaBoxes[area];
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return {
    left: percent(box.x, OUTLINE.width),
    top: percent(box.y, OUTLINE.height),
    width: percent(box.width, OUTLINE.width),
    height: percent(box.height, OUTLINE.height),
  };
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** Three decimals: a tenth of a millimetre on a door, and a short JSON body. */
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Where a tap at (`clientX`, `clientY`) falls on an area drawn in `rect` (its button's box on the screen), from 0 to 1
 * across and down. A press without a pointer (Enter or Space on the focused area: `null`) marks the area's centre.
 */
export function pointOnArea(
  rect: { left: number; top: number; width: number; height: number },
  pointer: { clientX: number; clientY: number } | null,
): { x: number; y: number } {
  if (!pointer || rect.width <= 0 || rect.height <= 0) return { x: 0.5, y: 0.5 };
  return {
    x: round3(clamp01((pointer.clientX - rect.left) / rect.width)),
    y: round3(clamp01((pointer.clientY - rect.top) / rect.height)),
  };
}

/** Where a mark is drawn in the outline's units. */
export function markPoint(mark: { area: DamageArea; x: number; y: number }): { cx: number; cy: number } {
  const box = areaBoxes[mark.area];
  return { cx: box.x + clamp01(mark.x) * box.width, cy: box.y + clamp01(mark.y) * box.height };
}
