import { describe, expect, it } from 'vitest';
import { cityOf, timeZoneLabel, timeZoneOptions, zonesOfCountry } from './timeZones';

describe('time zone picker data', () => {
  it("offers the chosen country's zones first", () => {
    const { first, rest } = timeZoneOptions('en', 'IN', undefined);
    expect(first.map((option) => option.value)).toEqual(['Asia/Kolkata']);
    expect(rest.some((option) => option.value === 'Asia/Kolkata')).toBe(false);
    expect(rest.some((option) => option.value === 'Europe/London')).toBe(true);
    expect(zonesOfCountry('GB')).toEqual(['Europe/London']);
    expect(zonesOfCountry('AU').length).toBeGreaterThan(5);
  });

  it('labels each zone by city, name and offset, in the language asked for', () => {
    expect(cityOf('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(timeZoneLabel('Asia/Kolkata', 'en')).toMatch(/^Kolkata — India Standard Time \(GMT\+5:30\)$/);
    expect(timeZoneLabel('Asia/Kolkata', 'ta')).toContain('இந்திய நிலையான நேரம்');
    expect(timeZoneLabel('Asia/Kolkata', 'ta')).toMatch(/^Kolkata/);
  });

  it('keeps a stored alias selectable', () => {
    const { first } = timeZoneOptions('en', 'IN', 'Asia/Calcutta');
    expect(first.map((option) => option.value)).toEqual(['Asia/Calcutta', 'Asia/Kolkata']);
  });

  it('knows UTC', () => {
    const { rest } = timeZoneOptions('en', undefined, undefined);
    expect(rest.some((option) => option.value === 'UTC')).toBe(true);
    expect(rest.length).toBeGreaterThan(300);
  });
});
