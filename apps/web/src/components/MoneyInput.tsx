import { NumberInput, type NumberInputProps } from '@mantine/core';
import { minorDigitsOf, toMajor, toMinor } from '../lib/format';

type MoneyInputProps = Omit<NumberInputProps, 'value' | 'onChange' | 'decimalScale' | 'prefix'> & {
  /** Integer minor units, as the API keeps money; null while empty. */
  value: number | null | undefined;
  onChange: (minor: number | null) => void;
  currency: string;
};

/** Money typed in major units (12.50) with the currency's own decimals, kept as minor units (1250). */
export function MoneyInput({ value, onChange, currency, ...props }: MoneyInputProps) {
  const digits = minorDigitsOf(currency);
  return (
    <NumberInput
      {...props}
      min={0}
      decimalScale={digits}
      fixedDecimalScale
      thousandSeparator=","
      rightSection={<span aria-hidden>{currency}</span>}
      rightSectionWidth={48}
      value={value === null || value === undefined ? '' : toMajor(value, currency)}
      onChange={(next) => onChange(next === '' || next === undefined ? null : toMinor(Number(next), currency))}
    />
  );
}
