// The projects an algorithm is limited to: removable pills plus the project select dialog.
import { Button, Group, Pill, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ProjectSelectDialog } from './ProjectSelectDialog';

type Ref = { id: number; code: string; title: string };

export function ProjectChips({
  value,
  onChange,
  error,
}: {
  value: Ref[];
  onChange: (v: Ref[]) => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [opened, dialog] = useDisclosure(false);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {value.map((p) => (
          <Pill key={p.id} withRemoveButton onRemove={() => onChange(value.filter((x) => x.id !== p.id))}>
            {p.title} ({p.code})
          </Pill>
        ))}
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={dialog.open}>
          {t('project.selectTitle')}
        </Button>
      </Group>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <ProjectSelectDialog
        opened={opened}
        onClose={dialog.close}
        companyId={null}
        onPick={(p) => {
          if (!value.some((x) => x.id === p.id))
            onChange([...value, { id: p.id, code: p.code, title: p.title }]);
        }}
      />
    </Stack>
  );
}
