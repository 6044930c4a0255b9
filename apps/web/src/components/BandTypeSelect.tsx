import { Select, type SelectProps } from '@mantine/core';
import { type BandType, bandTypes } from '@ps/contracts/common/bandTypes';
import { useTranslation } from 'react-i18next';
import { keyboardScrollable } from './ReferenceSelects';

/**
 * Band types (bands and packages share them), labelled from the shared catalogue `labels.bandTypes.*`: the
 * same words `GET /api/band/type` answers, without a call.
 */
export function useBandTypeLabel() {
  const { t } = useTranslation();
  return (type: BandType) => t(`labels.bandTypes.${type}`);
}

type BandTypeSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: BandType | undefined;
  onChange: (type: BandType | undefined) => void;
  /** A filter offers "all types" (no value); a form field does not. */
  allLabel?: string;
};

export function BandTypeSelect({ value, onChange, allLabel, ...props }: BandTypeSelectProps) {
  const label = useBandTypeLabel();
  const options = bandTypes.map((type) => ({ value: type as string, label: label(type) }));
  return (
    <Select
      {...keyboardScrollable}
      {...props}
      allowDeselect={false}
      data={allLabel ? [{ value: 'all', label: allLabel }, ...options] : options}
      value={value ?? (allLabel ? 'all' : null)}
      onChange={(next) => onChange(next && next !== 'all' ? (next as BandType) : undefined)}
    />
  );
}
