// The frame of every admin and my page: a title row with the page's actions, an optional back link.
import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

interface Props {
  title: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
}

export function PageFrame({ title, actions, back, children, testId }: Props) {
  return (
    <Stack gap="md" data-testid={testId}>
      {back && (
        <Anchor component={Link} to={back.to} size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="center">
        <Title order={1} fz={24}>
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
