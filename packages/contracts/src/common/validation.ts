import type { z } from 'zod';

/**
 * Every validation message is a key into locales/{en,ta}.json (`validation.*`), so the web form and the
 * API's 400 details speak the same words in the same language. Schemas pass these keys as their `error`.
 */
export const V = {
  required: 'validation.required',
  min2: 'validation.min2',
  min3: 'validation.min3',
  max50: 'validation.max50',
  max100: 'validation.max100',
  max300: 'validation.max300',
  max5000: 'validation.max5000',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  wrongEmail: 'validation.wrongEmail',
  wrongPhone: 'validation.wrongPhone',
  wrongUsername: 'validation.wrongUsername',
  onlyAlphabets: 'validation.onlyAlphabets',
  notBlank: 'validation.notBlank',
  passwordMismatch: 'validation.passwordMismatch',
  passwordWeak: 'validation.passwordWeak',
  iataCode: 'validation.iataCode',
  timeZone: 'validation.timeZone',
  invalidValue: 'validation.invalidValue',
  invalidType: 'validation.invalidType',
  unknownField: 'validation.unknownField',
  totpCode: 'validation.totpCode',
  positiveInteger: 'validation.positiveInteger',
  currency: 'validation.currency',
  daysOrder: 'validation.daysOrder',
  voucherCode: 'validation.voucherCode',
  date: 'validation.date',
  dateOrder: 'validation.dateOrder',
  month: 'validation.month',
  payoutChoice: 'validation.payoutChoice',
  percent: 'validation.percent',
  positiveAmount: 'validation.positiveAmount',
  usageBelowUsed: 'validation.usageBelowUsed',
  tooManyItems: 'validation.tooManyItems',
  flightNumber: 'validation.flightNumber',
  contactNeeded: 'validation.contactNeeded',
  notZero: 'validation.notZero',
  rulePercent: 'validation.rulePercent',
  occupancyAbove: 'validation.occupancyAbove',
  hexColour: 'validation.hexColour',
  driverOrPartner: 'validation.driverOrPartner',
  commissionPercent: 'validation.commissionPercent',
  periodTooLong: 'validation.periodTooLong',
  agencyNeeded: 'validation.agencyNeeded',
  rolePermissionsNeeded: 'validation.rolePermissionsNeeded',
  slug: 'validation.slug',
  publishedAtDraft: 'validation.publishedAtDraft',
  taxNumber: 'validation.taxNumber',
  senderName: 'validation.senderName',
  weekday: 'validation.weekday',
  webOrigin: 'validation.webOrigin',
  retentionDays: 'validation.retentionDays',
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

const knownKeys = new Set<string>(Object.values(V));

/** The locale key for one zod issue: the schema's own key when it gave one, else one by issue kind. */
export function messageKeyForIssue(issue: z.core.$ZodIssue): ValidationKey {
  if (knownKeys.has(issue.message)) return issue.message as ValidationKey;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? V.required : V.invalidType;
    case 'unrecognized_keys':
      return V.unknownField;
    case 'too_small':
      return V.tooShort;
    case 'too_big':
      // "Too long" names its limit where a message for that limit exists.
      if (issue.origin === 'string' && issue.maximum === 50) return V.max50;
      if (issue.origin === 'string' && issue.maximum === 100) return V.max100;
      return V.tooLong;
    default:
      return V.invalidValue;
  }
}

/** A field path as the API reports it: `a.b.0`. Unknown keys are reported one by one under their own name. */
export function fieldPathsForIssue(issue: z.core.$ZodIssue): string[] {
  const base = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => (base ? `${base}.${key}` : key));
  return [base];
}

/** Rejects strings made of blank space only ("This field cannot contain only blankspaces"). */
export const notOnlyBlank = (value: string) => value.length === 0 || value.trim().length > 0;
