import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FinanceMask, financeFigure, financeFigures, financeMaskOf, withoutFinanceFigures } from './common/finance.ts';
import * as contracts from './index.ts';

/**
 * Money follows `finance.view` (common/finance.ts). These tests keep it from being forgotten: a new answer with a
 * number named like money must be a money endpoint, mark the figure, or be named below with the reason it is not.
 */

interface Declared {
  method: string;
  path: string;
  access: { permission?: string; finance?: true; public?: string };
  schemas: { response?: unknown; envelope?: Record<string, unknown> };
}

const isEndpoint = (value: unknown): value is Declared =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value && 'schemas' in value;

/** Every endpoint the contracts declare, from the index's exports (endpoint maps and single declarations). */
function declaredEndpoints(): Declared[] {
  const found = new Map<string, Declared>();
  for (const value of Object.values(contracts)) {
    const candidates = isEndpoint(value) ? [value] : typeof value === 'object' && value !== null ? Object.values(value) : [];
    for (const candidate of candidates) if (isEndpoint(candidate)) found.set(`${candidate.method} ${candidate.path}`, candidate);
  }
  return [...found.values()];
}

const MONEY_NAME =
  /(^|_)(price|prices|total|amount|paid|outstanding|credit|revenue|fee|cost|commission|rate|balance|sales|collected|discount)(_|$)/;

/** The number fields named like money that are not marked as figures: `field.path`. */
function unmarkedMoney(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (!(schema instanceof z.ZodType) || seen.has(schema) || financeFigures.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object':
      return Object.entries((schema as z.ZodObject).shape).flatMap(([key, field]) => {
        const inner = unwrap(field);
        if (inner instanceof z.ZodNumber && MONEY_NAME.test(key) && !financeFigures.has(field)) return [`${path}${key}`];
        return unmarkedMoney(field, `${path}${key}.`, seen);
      });
    case 'array':
      return unmarkedMoney(def.element, path, seen);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => unmarkedMoney(option, path, seen));
    case 'pipe':
      return unmarkedMoney(def.out, path, seen);
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
      return unmarkedMoney(def.innerType, path, seen);
    default:
      return [];
  }
}

function unwrap(schema: unknown): unknown {
  let current = schema;
  while (current instanceof z.ZodNullable || current instanceof z.ZodOptional || current instanceof z.ZodDefault) {
    current = (current._zod.def as { innerType: unknown }).innerType;
  }
  return current;
}

/**
 * Numbers named like money that are not money a role must be kept from, by the paths they are on, each with its
 * reason. A new entry needs one; an entry no longer needed fails too.
 */
const NOT_FINANCE: ReadonlyArray<[RegExp, string]> = [
  // The catalogue's prices are what their own permissions (location_prices, band_months...) are about.
  [/^\/api\/location-price\//, 'price lists: the catalogue, location_prices.*'],
  [/^\/api\/band-month\//, 'default prices: the catalogue, band_months.*'],
  [/^\/api\/band\//, "a band's floor and ceiling price (issue 24's price rules): the catalogue, bands.*"],
  [/^\/api\/additional_services\//, "a service's price: the catalogue, additional_services.*"],
  [/^\/api\/voucher\//, "a voucher's discount: the catalogue, vouchers.*"],
  [/^\/api\/package\//, "a package's price: the catalogue, packages.*"],
  [/^\/api\/agency\/(add|list|get|update)/, "an agency's commission rate: its terms, agencies.* (its statement is money)"],
  [/^\/api\/driver\/payouts\/mine$/, "a driver's own approved pay (payouts.own): theirs to read"],
  [/^\/api\/company\/setup\//, 'steps done of the total: a count, not money'],
];

describe('money figures', () => {
  const endpoints = declaredEndpoints();

  it('finds the declarations', () => {
    expect(endpoints.length).toBeGreaterThan(150);
    expect(endpoints.some((endpoint) => endpoint.access.finance)).toBe(true);
  });

  it('every number named like money in a signed-in answer is a figure, in a money endpoint, or named with its reason', () => {
    const unexplained: string[] = [];
    const used = new Set<RegExp>();
    for (const endpoint of endpoints) {
      if (!endpoint.access.permission || endpoint.access.finance) continue;
      const fields = [
        ...unmarkedMoney(endpoint.schemas.response, ''),
        ...Object.entries(endpoint.schemas.envelope ?? {}).flatMap(([name, schema]) => unmarkedMoney(schema, `${name}.`)),
      ];
      if (fields.length === 0) continue;
      const rule = NOT_FINANCE.find(([paths]) => paths.test(endpoint.path));
      if (rule) used.add(rule[0]);
      else unexplained.push(`${endpoint.method} ${endpoint.path}: ${fields.join(', ')}`);
    }
    const explainedButClean = NOT_FINANCE.filter(([paths]) => !used.has(paths)).map(([, reason]) => reason);
    expect(unexplained).toEqual([]);
    expect(explainedButClean).toEqual([]);
  });

  it('finds the figures of an answer through objects, arrays, unions and wrappers, and blanks only those', () => {
    const answer = z.object({
      data: z.array(z.object({ id: z.number(), total: financeFigure(z.number().int()), name: z.string() })),
      summary: z.union([z.object({ revenue: financeFigure(z.number()) }), z.object({ count: z.number() })]).optional(),
    });
    const mask = financeMaskOf(answer) as FinanceMask;
    expect(mask).toEqual({
      keys: { data: { items: { keys: { total: { figure: true } } } }, summary: { keys: { revenue: { figure: true } } } },
    });
    const value = { data: [{ id: 1, total: 500, name: 'A' }], summary: { revenue: 900 } };
    expect(withoutFinanceFigures(value, mask)).toEqual({ data: [{ id: 1, total: null, name: 'A' }], summary: { revenue: null } });
    // The answer the handler made is left as it was (it may be cached or replayed to someone who may see it).
    expect(value.data[0]?.total).toBe(500);
    expect(financeMaskOf(z.object({ id: z.number(), name: z.string() }))).toBeUndefined();
  });

  it('marks the booking answer and the built-in roles as the issue says', () => {
    const booking = financeMaskOf(contracts.bookingSchema);
    expect(Object.keys(booking?.keys ?? {}).sort()).toEqual(
      [
        'agency_commission_percent',
        'base_price',
        'credit',
        'discount',
        'outstanding',
        'package_price',
        'paid',
        'services_price',
        'total',
      ].sort(),
    );
    expect(contracts.builtInRolePermissions.admin).toContain('finance.view');
    expect(contracts.builtInRolePermissions.driver).not.toContain('finance.view');
    expect(contracts.assignablePermissions).toContain('finance.view');
  });
});
