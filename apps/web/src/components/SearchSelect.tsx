// The searchable dropdown of SPEC §2: filters by typed text; widths small 200, medium 300, large 390.
import { Select, type SelectProps } from '@mantine/core';
import { DROPDOWN_WIDTHS } from '@sightline/domain';

export type DropdownSize = keyof typeof DROPDOWN_WIDTHS;

export interface SearchSelectProps extends Omit<SelectProps, 'w'> {
  width?: DropdownSize;
}

export function SearchSelect({ width = 'medium', nothingFoundMessage, ...rest }: SearchSelectProps) {
  return (
    <Select
      searchable
      w={DROPDOWN_WIDTHS[width]}
      nothingFoundMessage={nothingFoundMessage ?? '—'}
      comboboxProps={{ shadow: 'md' }}
      maxDropdownHeight={320}
      {...rest}
    />
  );
}
