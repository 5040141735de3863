import { Badge } from '@mantine/core';

export function JudgementBadge({ value }: { value: 'OK' | 'NG' }) {
  return (
    <Badge color={value === 'NG' ? 'red' : 'green'} variant="filled" data-testid="judgement">
      {value}
    </Badge>
  );
}
