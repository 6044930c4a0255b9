import type { BandType, Language, PriceRuleDefinition, QuoteExplanationStep } from '@ps/contracts';
import { formatDay, formatMoney, formatNumber } from '@ps/contracts/common/format';
import { fromZonedLocal } from '@ps/contracts/common/zonedTime';
import { dayAt, daysBetween } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Translate } from '../../lib/i18n.ts';

/**
 * The price rules of issue 24 on a quote's base price (docs/decisions.md, "Price rules on top of the price grid").
 * A pure function: the rules, the stay and the clock come in, the new base price and the steps that made it go out.
 * The matching rules apply in their order (position, then id), each percent on the price the rules before it made,
 * rounded half up to the minor unit; then the band's floor and ceiling hold the result. A minimum stay or a blackout
 * refuses the stay (400 `quote_min_stay` / `quote_blackout`) when its rule is reached.
 */

/** The car park's busiest day of the stay, as the quote's read counted it (null: no car park with spaces). */
export interface Occupancy {
  car_park_id: number;
  car_park: string;
  capacity: number;
  /** The busiest day (YYYY-MM-DD) and the stays held on it, this stay not counted. */
  day: string;
  held: number;
}

export interface RuleStay {
  departureDate: string;
  arrivalDate: string;
  days: number;
  departureId: number;
  arrivalId: number;
  bandType: BandType;
  /** The airport's time zone: "today" and the departure's instant are read on its clock. */
  timeZone: string;
  /** When the stay leaves; without a time (the quote's query), the start of the departure day at the airport. */
  departureAt: Date | null;
  /** The booking time: the lead time is counted from it. */
  now: Date;
  occupancy: Occupancy | null;
}

export interface PriceLimits {
  floor_price: number | null;
  ceiling_price: number | null;
}

export interface RuleWords {
  language: Language;
  t: Translate;
  currency: string;
}

export interface RulesResult {
  price: number;
  steps: QuoteExplanationStep[];
  /** Names of the rules that changed the price. */
  applied: string[];
}

/** `percent` % of `amount`, rounded half up to the minor unit (integers only). */
export function percentChange(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/** Whether a rule covers the stay: its departure dates, car parks (departure or arrival) and band types. */
export function ruleCovers(rule: PriceRuleDefinition, stay: Pick<RuleStay, 'departureDate' | 'departureId' | 'arrivalId' | 'bandType'>) {
  if (stay.departureDate < rule.valid_from || stay.departureDate > rule.valid_to) return false;
  if (rule.location_ids.length > 0 && !rule.location_ids.includes(stay.departureId) && !rule.location_ids.includes(stay.arrivalId))
    return false;
  return rule.band_types.length === 0 || rule.band_types.includes(stay.bandType);
}

/** ISO weekday (1 Monday .. 7 Sunday) of a calendar day. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The percent of the highest occupancy step the share passes (strictly above), or undefined. */
export function occupancyStep(steps: Array<{ above: number; percent: number }>, fullPercent: number) {
  let chosen: { above: number; percent: number } | undefined;
  for (const step of steps) if (fullPercent > step.above && (!chosen || step.above > chosen.above)) chosen = step;
  return chosen;
}

function signed(language: Language, percent: number): string {
  return `${percent > 0 ? '+' : '−'}${formatNumber(language, Math.abs(percent))} %`;
}

interface Change {
  percent: number;
  key: string;
  vars: Record<string, string | number>;
  data: Record<string, unknown>;
}

/** What one rule does to this stay: a change, a refusal (thrown), or nothing. */
function changeOf(rule: PriceRuleDefinition, stay: RuleStay, words: RuleWords): Change | undefined {
  const { language } = words;
  switch (rule.kind) {
    case 'min_stay': {
      if (stay.days >= rule.config.min_days) return undefined;
      throw new AppError(400, 'quote_min_stay', {
        vars: { rule: rule.name, min_days: rule.config.min_days, count: stay.days },
        details: [{ field: 'arrival_date', code: 'errors.quote_min_stay', message: '' }],
      });
    }
    case 'blackout': {
      if (!rule.config.dates.includes(stay.departureDate)) return undefined;
      throw new AppError(400, 'quote_blackout', {
        vars: { rule: rule.name, date: formatDay(language, stay.departureDate, 'long') },
        details: [{ field: 'departure_date', code: 'errors.quote_blackout', message: '' }],
      });
    }
    case 'days': {
      const weekday = isoWeekday(stay.departureDate);
      const byDate = rule.config.dates.includes(stay.departureDate);
      if (!byDate && !rule.config.weekdays.includes(weekday)) return undefined;
      return {
        percent: rule.config.percent,
        key: byDate ? 'quote.explanation.rule_date' : 'quote.explanation.rule_weekday',
        vars: { day: formatDay(language, stay.departureDate, 'full') },
        data: { departure_date: stay.departureDate },
      };
    }
    case 'lead_time': {
      const today = dayAt(stay.now, stay.timeZone);
      if (rule.config.mode === 'early_bird') {
        const ahead = daysBetween(today, stay.departureDate);
        if (ahead < rule.config.days) return undefined;
        return {
          percent: rule.config.percent,
          key: 'quote.explanation.rule_early_bird',
          vars: { count: ahead, days: rule.config.days },
          data: { days_ahead: ahead },
        };
      }
      const leaves =
        stay.departureAt ?? new Date(fromZonedLocal(`${stay.departureDate}T00:00`, stay.timeZone) ?? `${stay.departureDate}T00:00:00Z`);
      const hours = Math.floor((leaves.getTime() - stay.now.getTime()) / 3_600_000);
      if (hours >= rule.config.hours) return undefined;
      return {
        percent: rule.config.percent,
        key: 'quote.explanation.rule_last_minute',
        vars: { count: Math.max(hours, 0), hours: rule.config.hours },
        data: { hours_ahead: Math.max(hours, 0) },
      };
    }
    case 'occupancy': {
      const occupancy = stay.occupancy;
      if (!occupancy || occupancy.capacity <= 0) return undefined;
      const full = Math.floor((occupancy.held * 100) / occupancy.capacity);
      const step = occupancyStep(rule.config.steps, full);
      if (!step) return undefined;
      return {
        percent: step.percent,
        key: 'quote.explanation.rule_occupancy',
        vars: { car_park: occupancy.car_park, full, day: formatDay(language, occupancy.day, 'long'), above: step.above },
        data: { occupancy_percent: full, occupancy_day: occupancy.day, car_park_id: occupancy.car_park_id, above: step.above },
      };
    }
  }
}

/**
 * Applies `rules` (any order: sorted here) to `basePrice` for the stay, then the band's limits. Rules that do not
 * cover the stay are skipped; the steps explain each rule that changed the price and a limit that clamped it.
 */
export function applyPriceRules(
  rules: readonly PriceRuleDefinition[],
  stay: RuleStay,
  basePrice: number,
  limits: PriceLimits,
  words: RuleWords,
): RulesResult {
  const { t, language, currency } = words;
  const money = (minor: number) => formatMoney(language, minor, currency);
  const ordered = [...rules].sort((a, b) => a.position - b.position || a.id - b.id);
  const steps: QuoteExplanationStep[] = [];
  const applied: string[] = [];
  let price = basePrice;
  for (const rule of ordered) {
    if (!ruleCovers(rule, stay)) continue;
    const change = changeOf(rule, stay, words);
    if (!change) continue;
    const before = price;
    price = Math.max(0, price + percentChange(price, change.percent));
    applied.push(rule.name);
    steps.push({
      step: 'rule',
      data: { rule_id: rule.id, rule_name: rule.name, rule_kind: rule.kind, percent: change.percent, before, price, ...change.data },
      text: t(change.key, {
        ...change.vars,
        rule: rule.name,
        percent: signed(language, change.percent),
        before: money(before),
        price: money(price),
      }),
    });
  }
  if (limits.floor_price !== null && price < limits.floor_price) {
    steps.push({
      step: 'price_limit',
      data: { limit: 'floor', before: price, price: limits.floor_price },
      text: t('quote.explanation.limit_floor', { before: money(price), price: money(limits.floor_price) }),
    });
    price = limits.floor_price;
  } else if (limits.ceiling_price !== null && price > limits.ceiling_price) {
    steps.push({
      step: 'price_limit',
      data: { limit: 'ceiling', before: price, price: limits.ceiling_price },
      text: t('quote.explanation.limit_ceiling', { before: money(price), price: money(limits.ceiling_price) }),
    });
    price = limits.ceiling_price;
  }
  return { price, steps, applied };
}
