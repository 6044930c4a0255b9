import { z } from 'zod';

/**
 * Money figures follow a permission of their own (issue 22, section 4): what a booking was sold for, was paid and is
 * owed, revenue, drivers' pay and rates, agency commission. Two ways an answer carries them, both enforced by the
 * server from the declaration (apps/api/src/plugins/finance.ts), so a new route cannot forget them:
 * - an endpoint whose answer is money throughout (payments, payouts, an agency statement, pay details) declares
 *   `access: { permission, finance: true }`: without `finance.view` the call is refused, and the web does not make it;
 * - a figure inside a wider answer (a booking's total, a trip's driver fee) is a `financeFigure`: it is `null` for a
 *   caller without `finance.view`, and the screens leave it out for them.
 * `FINANCE_PERMISSION` lives in endpoint.ts, which the zod-free pages can import.
 * The catalogue's own prices (price lists, packages, services, vouchers) are what their own permissions are about, and
 * the public booking calls answer prices to anyone: neither is a finance figure.
 */
/** The schemas of money figures, by identity (a registry, so the API reference's JSON Schema carries no extra keyword). */
export const financeFigures = z.registry<Record<string, never>>();

/** A money figure of a wider answer: the number, or null when the caller's role may not see money. */
export function financeFigure<T extends z.ZodType>(schema: T) {
  const figure = schema.nullable().meta({ description: 'null unless the caller may see money figures (finance.view)' });
  financeFigures.add(figure, {});
  return figure;
}

/** Where an answer holds money figures: the figure itself, the keys of an object, or the items of an array. */
export interface FinanceMask {
  figure?: true;
  keys?: Record<string, FinanceMask>;
  items?: FinanceMask;
}

function merge(a: FinanceMask | undefined, b: FinanceMask | undefined): FinanceMask | undefined {
  if (!a) return b;
  if (!b) return a;
  const keys = { ...a.keys };
  for (const [key, mask] of Object.entries(b.keys ?? {})) keys[key] = merge(keys[key], mask) as FinanceMask;
  const items = merge(a.items, b.items);
  return {
    ...(a.figure || b.figure ? { figure: true as const } : {}),
    ...(Object.keys(keys).length > 0 ? { keys } : {}),
    ...(items ? { items } : {}),
  };
}

/**
 * The money figures of an answer's schema (its output side), or undefined when it has none. Walks objects, arrays,
 * unions and the wrappers (nullable, optional, default, pipe's output); each schema at most once per path.
 */
export function financeMaskOf(schema: unknown, seen: Set<unknown> = new Set()): FinanceMask | undefined {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return undefined;
  if (financeFigures.has(schema)) return { figure: true };
  seen.add(schema);
  try {
    const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
    switch (def.type) {
      case 'object': {
        const keys: Record<string, FinanceMask> = {};
        for (const [key, field] of Object.entries((schema as z.ZodObject).shape)) {
          const mask = financeMaskOf(field, seen);
          if (mask) keys[key] = mask;
        }
        return Object.keys(keys).length > 0 ? { keys } : undefined;
      }
      case 'array': {
        const items = financeMaskOf(def.element, seen);
        return items ? { items } : undefined;
      }
      case 'union':
        return (def.options as unknown[]).reduce<FinanceMask | undefined>(
          (mask, option) => merge(mask, financeMaskOf(option, seen)),
          undefined,
        );
      case 'intersection':
        return merge(financeMaskOf(def.left, seen), financeMaskOf(def.right, seen));
      case 'pipe':
        return financeMaskOf(def.out, seen);
      case 'nullable':
      case 'optional':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
        return financeMaskOf(def.innerType, seen);
      default:
        return undefined;
    }
  } finally {
    seen.delete(schema);
  }
}

/** The value with every figure the mask names set to null; copies what it changes, never the caller's objects. */
export function withoutFinanceFigures<T>(value: T, mask: FinanceMask): T {
  if (mask.figure) return (value === undefined ? undefined : null) as T;
  if (Array.isArray(value)) return (mask.items ? value.map((item) => withoutFinanceFigures(item, mask.items as FinanceMask)) : value) as T;
  if (value === null || typeof value !== 'object' || !mask.keys) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, inner] of Object.entries(mask.keys)) {
    if (key in copy) copy[key] = withoutFinanceFigures(copy[key], inner);
  }
  return copy as T;
}
