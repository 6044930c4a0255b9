import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDateTimeRange,
  formatDay,
  formatDayRange,
  formatDuration,
  formatMoney,
  formatMonth,
  formatMonthNumber,
  formatNumber,
  formatPercent,
  formatPhone,
  formatRelative,
  formatSpreadsheetDateTime,
  formatTime,
  formatWeekday,
  minorDigitsOf,
  toMajorUnits,
  toMinorUnits,
} from './format.ts';

/** Intl puts thin spaces around a range's dash; the reader sees a space. */
const plain = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

// Each line is what an operator reads: issue 21, section 2 named the dialects these replace.
describe('one way to write a date, a time, a duration, a number and money', () => {
  it('writes days the same way on every screen, in English and in Tamil', () => {
    expect(formatDay('en', '2026-11-27')).toBe('27 Nov 2026');
    expect(formatDay('en', '2026-11-27', 'full')).toBe('Friday, 27 November 2026');
    expect(formatDay('en', '2026-11-27', 'weekday')).toBe('Fri 27 Nov');
    expect(formatDay('ta', '2026-11-27')).toBe('27 நவ., 2026');
    expect(formatDay('ta', '2026-11-27', 'long')).toBe('27 நவம்பர், 2026');
    expect(plain(formatDayRange('en', '2026-11-27', '2026-12-03'))).toBe('27 Nov – 3 Dec 2026');
    expect(formatDayRange('en', '2026-11-27', '2026-11-27')).toBe('27 Nov 2026');
  });

  it('reads a calendar day as that day wherever the reader is', () => {
    expect(formatDay('en', '2026-01-01')).toBe('1 Jan 2026');
    expect(formatMonth('en', '2026-11')).toBe('November 2026');
    expect(formatMonth('en', '2026-11', 'short')).toBe('Nov 26');
    expect(formatMonthNumber('en', 8)).toBe('August');
    expect(formatMonthNumber('ta', 11, 'shortName')).toBe('நவ.');
    expect(formatWeekday('en', 1)).toBe('Mon');
    expect(formatWeekday('en', 7, 'long')).toBe('Sunday');
  });

  it('keeps a 24-hour clock in both languages, never "12:00 PM" or Tamil with a Latin "AM"', () => {
    expect(formatTime('en', '2026-11-27T12:00:00Z', 'Europe/London')).toBe('12:00');
    expect(formatTime('ta', '2026-11-27T00:00:00Z', 'Europe/London')).toBe('00:00');
    expect(formatDateTime('en', '2026-11-27T14:04:00Z', 'Europe/London')).toBe('27 Nov 2026, 14:04');
    expect(formatDateTime('ta', '2026-11-27T14:04:00Z', 'Europe/London')).toBe('27 நவ., 2026, 14:04');
    expect(formatDateTime('en', '2026-11-27T14:04:00Z', 'Europe/London', 'short')).toBe('27 Nov, 14:04');
    for (const language of ['en', 'ta']) {
      expect(formatDateTime(language, '2026-11-27T13:00:00Z', 'UTC')).not.toMatch(/AM|PM|முற்பகல்|பிற்பகல்/);
    }
  });

  it('reads an instant on the clock it is given', () => {
    // 23:30 UTC on the 1st is 05:00 on the 2nd in Colombo.
    expect(formatDateTime('en', '2026-11-01T23:30:00Z', 'Asia/Colombo')).toBe('2 Nov 2026, 05:00');
    expect(formatDateTimeRange('en', '2026-11-27T14:05:00Z', '2026-11-27T18:30:00Z', 'UTC')).toBe('27 Nov 2026, 14:05–18:30');
    expect(plain(formatDateTimeRange('en', '2026-11-27T14:05:00Z', '2026-12-03T09:00:00Z', 'UTC'))).toBe(
      '27 Nov 2026, 14:05 – 3 Dec 2026, 09:00',
    );
  });

  it('writes a CSV time as a spreadsheet reads it, on the zone’s clock, in every language', () => {
    expect(formatSpreadsheetDateTime('2026-11-01T23:30:05Z', 'Asia/Colombo')).toBe('2026-11-02 05:00:05');
    expect(formatSpreadsheetDateTime('2026-11-27T00:00:00Z', 'UTC')).toBe('2026-11-27 00:00:00');
  });

  it('says how far away a moment is', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(formatRelative('en', '2026-11-27T15:00:00Z', now)).toBe('in 3 hours');
    expect(formatRelative('en', '2026-11-27T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('en', '2026-11-24T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelative('ta', '2026-11-27T11:55:00Z', now)).toBe('5 நிமிடங்களுக்கு முன்');
  });

  it('writes a length of time as hours and minutes, not "220 min"', () => {
    expect(formatDuration('en', 220)).toBe('3 h 40 min');
    expect(formatDuration('en', -220)).toBe('3 h 40 min');
    expect(formatDuration('en', 45)).toBe('45 min');
    expect(formatDuration('en', 60)).toBe('1 h');
    expect(formatDuration('en', 3000)).toBe('2 d 2 h');
    expect(formatDuration('ta', 220)).toBe('3 மணி 40 நிமி');
  });

  it('writes numbers, percents and money with the language’s grouping', () => {
    expect(formatNumber('en', 1234567.891)).toBe('1,234,567.89');
    expect(formatNumber('ta', 1234567)).toBe('12,34,567');
    expect(formatPercent('en', 0.864)).toBe('86%');
    expect(formatMoney('en', 17909, 'GBP')).toBe('£179.09');
    expect(formatMoney('en', -32091, 'GBP')).toBe('-£320.91');
    expect(formatMoney('en', 12000, 'GBP', true)).toBe('£120');
    expect(formatMoney('ta', 123456, 'GBP')).toBe('£1,234.56');
  });

  it('knows each currency’s minor digits and converts what a user types', () => {
    expect(minorDigitsOf('GBP')).toBe(2);
    expect(minorDigitsOf('JPY')).toBe(0);
    expect(minorDigitsOf('BHD')).toBe(3);
    expect(toMinorUnits(12.5, 'GBP')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'GBP')).toBe(30);
    expect(toMajorUnits(1250, 'GBP')).toBe(12.5);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
  });

  it('keeps a phone number as it was entered, leading zero and spaces included', () => {
    expect(formatPhone('0771234567')).toBe('0771234567');
    expect(formatPhone(' +44 7700 900123 ')).toBe('+44 7700 900123');
    expect(formatPhone(null)).toBe('');
  });
});
