// Label/value pairs of a detail page, in a bordered grid.
import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';

export function FactGrid({ facts, cols = 3 }: { facts: [string, ReactNode][]; cols?: number }) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={cols} spacing="md">
        {facts.map(([label, value]) => (
          <Stack gap={2} key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={500} component="div" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {value === '' || value === null || value === undefined ? '-' : value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
