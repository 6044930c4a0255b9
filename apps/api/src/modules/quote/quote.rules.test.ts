import type { PriceRuleDefinition } from '@ps/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { translator } from '../../lib/i18n.ts';
import { applyPriceRules, isoWeekday, occupancyStep, type RuleStay } from './quote.rules.ts';

const words = { language: 'en' as const, t: translator('en'), currency: 'GBP' };
const noLimits = { floor_price: null, ceiling_price: null };

/** A Saturday departure in August 2026 from car park 1 to terminal 2, booked on 1 June 2026 at noon in London. */
const stay = (overrides: Partial<RuleStay> = {}): RuleStay => ({
  departureDate: '2026-08-15',
  arrivalDate: '2026-08-21',
  days: 7,
  departureId: 1,
  arrivalId: 2,
  bandType: 'parking',
  timeZone: 'Europe/London',
  departureAt: new Date('2026-08-15T07:00:00Z'),
  now: new Date('2026-06-01T11:00:00Z'),
  occupancy: { car_park_id: 1, car_park: 'North', capacity: 100, day: '2026-08-16', held: 86 },
  ...overrides,
});

let nextId = 1;
/** A rule valid all 2026, every car park and band type, unless told. */
function rule(body: Record<string, unknown> & { kind: PriceRuleDefinition['kind'] }): PriceRuleDefinition {
  const id = nextId++;
  return {
    id,
    name: `Rule ${id}`,
    position: id,
    valid_from: '2026-01-01',
    valid_to: '2026-12-31',
    location_ids: [],
    band_types: [],
    ...body,
  } as unknown as PriceRuleDefinition;
}

describe('the price rules on a base price', () => {
  it('applies the matching rules in their position order, each on the price the ones before made', () => {
    const saturday = rule({ name: 'August Saturday', position: 2, kind: 'days', config: { weekdays: [6], dates: [], percent: 10 } });
    const busy = rule({
      name: 'Summer busy',
      position: 1,
      kind: 'occupancy',
      config: {
        steps: [
          { above: 50, percent: 5 },
          { above: 80, percent: 15 },
        ],
      },
    });
    const result = applyPriceRules([saturday, busy], stay(), 10_000, noLimits, words);
    // 10,000 +15 % (86 % full passes the 80 % step) = 11,500, then +10 % = 12,650.
    expect(result.price).toBe(12_650);
    expect(result.steps.map((step) => step.data.rule_name)).toEqual(['Summer busy', 'August Saturday']);
    expect(result.steps[0]?.text).toBe(
      'Summer busy: the car park North is 86 % full on 16 August 2026 (above 80 %): +15 %, £100.00 → £115.00.',
    );
    expect(result.steps[1]?.text).toBe('August Saturday: departure on Saturday, 15 August 2026: +10 %, £115.00 → £126.50.');
    // Reversed positions: the explanation follows the new order.
    const reversed = applyPriceRules(
      [
        { ...saturday, position: 1 },
        { ...busy, position: 2 },
      ],
      stay(),
      10_000,
      noLimits,
      words,
    );
    expect(reversed.steps.map((step) => step.data.rule_name)).toEqual(['August Saturday', 'Summer busy']);
  });

  it('skips a rule outside its dates, car parks or band types', () => {
    const base = { kind: 'days', config: { weekdays: [1, 2, 3, 4, 5, 6, 7], dates: [], percent: 10 } } as const;
    const cases = [
      rule({ ...base, valid_from: '2026-08-16', valid_to: '2026-08-31' }),
      rule({ ...base, valid_from: '2026-07-01', valid_to: '2026-08-14' }),
      rule({ ...base, location_ids: [9] }),
      rule({ ...base, band_types: ['meet_and_greet'] }),
    ];
    for (const skipped of cases) expect(applyPriceRules([skipped], stay(), 10_000, noLimits, words).price).toBe(10_000);
    // The arrival's car park and the rule's last day count.
    expect(applyPriceRules([rule({ ...base, location_ids: [2], valid_to: '2026-08-15' })], stay(), 10_000, noLimits, words).price).toBe(
      11_000,
    );
  });

  it('gives the early bird its discount from the given days ahead on the airport clock, and the last minute its surcharge', () => {
    const early = rule({ name: 'Early bird', kind: 'lead_time', config: { mode: 'early_bird', days: 30, percent: -10 } });
    const late = rule({ name: 'Last minute', kind: 'lead_time', config: { mode: 'last_minute', hours: 48, percent: 20 } });
    // 30 days ahead exactly (16 July in London) earns it; 29 days does not.
    expect(applyPriceRules([early], stay({ now: new Date('2026-07-16T10:00:00Z') }), 10_000, noLimits, words).price).toBe(9_000);
    expect(applyPriceRules([early], stay({ now: new Date('2026-07-17T10:00:00Z') }), 10_000, noLimits, words).price).toBe(10_000);
    // 23:30 UTC on 16 July is already 17 July in London: 29 days ahead.
    expect(applyPriceRules([early], stay({ now: new Date('2026-07-16T23:30:00Z') }), 10_000, noLimits, words).price).toBe(10_000);
    // 47 hours before the 07:00 UTC departure: +20 %; 48 hours: none.
    expect(applyPriceRules([late], stay({ now: new Date('2026-08-13T08:00:00Z') }), 10_000, noLimits, words)).toMatchObject({
      price: 12_000,
      steps: [{ text: 'Last minute: booked 47 hours before departure (within 48): +20 %, £100.00 → £120.00.' }],
    });
    expect(applyPriceRules([late], stay({ now: new Date('2026-08-13T07:00:00Z') }), 10_000, noLimits, words).price).toBe(10_000);
  });

  it('takes the highest occupancy step passed, and none for a car park without spaces', () => {
    expect(
      occupancyStep(
        [
          { above: 50, percent: 5 },
          { above: 80, percent: 15 },
        ],
        80,
      )?.percent,
    ).toBe(5);
    expect(
      occupancyStep(
        [
          { above: 50, percent: 5 },
          { above: 80, percent: 15 },
        ],
        50,
      ),
    ).toBeUndefined();
    const busy = rule({ kind: 'occupancy', config: { steps: [{ above: 0, percent: 50 }] } });
    expect(applyPriceRules([busy], stay({ occupancy: null }), 10_000, noLimits, words).price).toBe(10_000);
  });

  it('prices given dates (bank holidays) and lowers with a negative percent', () => {
    const holiday = rule({ name: 'Bank holiday', kind: 'days', config: { weekdays: [], dates: ['2026-08-15'], percent: -25 } });
    const result = applyPriceRules([holiday], stay(), 999, noLimits, words);
    // 999 x -25 % = -249.75, rounded half up to -250.
    expect(result.price).toBe(749);
    expect(result.steps[0]?.text).toBe("Bank holiday: Saturday, 15 August 2026 is one of the rule's dates: −25 %, £9.99 → £7.49.");
    expect(isoWeekday('2026-08-15')).toBe(6);
    expect(isoWeekday('2026-08-16')).toBe(7);
  });

  it('refuses a short stay and a blackout day with their codes when their rule is reached', () => {
    const minimum = rule({ name: 'August weeks', kind: 'min_stay', config: { min_days: 8 } });
    const blackout = rule({ name: 'Air show', kind: 'blackout', config: { dates: ['2026-08-15'] } });
    const codeOf = (rules: PriceRuleDefinition[], at = stay()) => {
      try {
        applyPriceRules(rules, at, 10_000, noLimits, words);
        return 'priced';
      } catch (error) {
        return error instanceof AppError ? error.code : 'other';
      }
    };
    expect(codeOf([minimum])).toBe('quote_min_stay');
    expect(codeOf([minimum], stay({ days: 8 }))).toBe('priced');
    expect(codeOf([blackout])).toBe('quote_blackout');
    expect(codeOf([blackout], stay({ departureDate: '2026-08-14' }))).toBe('priced');
  });

  it('holds the floor and the ceiling and says so', () => {
    const up = rule({ kind: 'days', config: { weekdays: [6], dates: [], percent: 200 } });
    const down = rule({ kind: 'days', config: { weekdays: [6], dates: [], percent: -80 } });
    const capped = applyPriceRules([up], stay(), 10_000, { floor_price: 5_000, ceiling_price: 20_000 }, words);
    expect(capped.price).toBe(20_000);
    expect(capped.steps.at(-1)).toMatchObject({ step: 'price_limit', data: { limit: 'ceiling', before: 30_000, price: 20_000 } });
    expect(capped.steps.at(-1)?.text).toBe("The rules made £300.00, above the band's ceiling: the price is lowered to £200.00.");
    const floored = applyPriceRules([down], stay(), 10_000, { floor_price: 5_000, ceiling_price: 20_000 }, words);
    expect(floored.price).toBe(5_000);
    expect(floored.steps.at(-1)).toMatchObject({ step: 'price_limit', data: { limit: 'floor', before: 2_000, price: 5_000 } });
  });

  it('keeps every price between the floor and the ceiling, whatever the rule set (property)', () => {
    const percent = fc.integer({ min: -90, max: 500 }).filter((value) => value !== 0);
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-08-${String(d).padStart(2, '0')}`);
    const anyRule = fc.oneof(
      fc.record({
        kind: fc.constant('days' as const),
        config: fc.record({
          weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
          dates: fc.uniqueArray(day, { maxLength: 5 }),
          percent,
        }),
      }),
      fc.record({
        kind: fc.constant('occupancy' as const),
        config: fc.record({
          steps: fc.uniqueArray(fc.record({ above: fc.integer({ min: 0, max: 99 }), percent }), {
            minLength: 1,
            maxLength: 5,
            selector: (step) => step.above,
          }),
        }),
      }),
      fc.record({
        kind: fc.constant('lead_time' as const),
        config: fc.record({ mode: fc.constant('early_bird' as const), days: fc.integer({ min: 1, max: 365 }), percent }),
      }),
      fc.record({
        kind: fc.constant('lead_time' as const),
        config: fc.record({ mode: fc.constant('last_minute' as const), hours: fc.integer({ min: 1, max: 720 }), percent }),
      }),
    );
    const ruleSet = fc.array(
      fc.record({
        body: anyRule,
        position: fc.integer({ min: 1, max: 20 }),
        from: day,
        length: fc.integer({ min: 0, max: 30 }),
        location_ids: fc.subarray([1, 2, 3]),
        band_types: fc.subarray(['parking', 'meet_and_greet', 'park_and_ride'] as const),
      }),
      { maxLength: 12 },
    );
    const limits = fc
      .tuple(fc.option(fc.integer({ min: 0, max: 200_000 })), fc.option(fc.integer({ min: 0, max: 200_000 })))
      .map(([a, b]) => (a !== null && b !== null && a > b ? { floor_price: b, ceiling_price: a } : { floor_price: a, ceiling_price: b }));
    const context = fc.record({
      departure: day,
      nowDaysBefore: fc.integer({ min: 0, max: 400 }),
      nowHour: fc.integer({ min: 0, max: 23 }),
      held: fc.integer({ min: 0, max: 150 }),
      capacity: fc.integer({ min: 0, max: 120 }),
      bandType: fc.constantFrom('parking', 'meet_and_greet', 'park_and_ride' as const),
    });
    fc.assert(
      fc.property(ruleSet, fc.integer({ min: 0, max: 500_000 }), limits, context, (rules, base, limit, at) => {
        const definitions = rules.map((entry, index) =>
          rule({
            ...entry.body,
            id: 1000 + index,
            position: entry.position,
            valid_from: entry.from,
            valid_to: `2026-08-${String(Math.min(31, Number(entry.from.slice(8)) + entry.length)).padStart(2, '0')}`,
            location_ids: entry.location_ids,
            band_types: [...entry.band_types],
          }),
        );
        const departureAt = new Date(`${at.departure}T06:00:00Z`);
        const now = new Date(departureAt.getTime() - at.nowDaysBefore * 86_400_000 - at.nowHour * 3_600_000);
        const result = applyPriceRules(
          definitions,
          stay({
            departureDate: at.departure,
            departureAt,
            now,
            bandType: at.bandType,
            occupancy: { car_park_id: 1, car_park: 'North', capacity: at.capacity, day: at.departure, held: at.held },
          }),
          base,
          limit,
          words,
        );
        expect(Number.isInteger(result.price)).toBe(true);
        if (limit.floor_price !== null) expect(result.price).toBeGreaterThanOrEqual(limit.floor_price);
        if (limit.ceiling_price !== null) expect(result.price).toBeLessThanOrEqual(limit.ceiling_price);
        if (limit.floor_price === null) expect(result.price).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500, seed: 24 },
    );
  });
});
