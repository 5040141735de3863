// A centred, honest full-page state (coming soon, no project, no permission, not found).
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatePanelProps {
  icon: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  action?: { label: string; onClick(): void; testId?: string };
  testId?: string;
}

export function StatePanel({ icon, title, body, action, testId }: StatePanelProps) {
  return (
    <Stack align="center" justify="center" mih="calc(100vh - 200px)" py="xl" data-testid={testId}>
      <Paper withBorder radius="lg" p={40} maw={520} w="100%" shadow="xs">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="crimson">
            {icon}
          </ThemeIcon>
          <Title order={2} size="h3" ta="center">
            {title}
          </Title>
          {body && (
            <Text c="dimmed" ta="center" size="sm" maw={400}>
              {body}
            </Text>
          )}
          {action && (
            <Button mt="xs" onClick={action.onClick} data-testid={action.testId}>
              {action.label}
            </Button>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
