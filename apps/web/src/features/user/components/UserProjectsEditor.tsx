// The projects a new account joins, each with its permissions, and which one opens at login.
import { ActionIcon, Button, Checkbox, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PROJECT_PERMISSION_IDS } from '@sightline/domain';
import { ProjectSelectDialog } from '../../project/components/ProjectSelectDialog';

export interface ChosenProject {
  projectId: number;
  code: string;
  title: string;
  permissions: number[];
}

interface Props {
  value: ChosenProject[];
  onChange: (v: ChosenProject[]) => void;
  defaultProjectId: number | null;
  onDefaultChange: (id: number | null) => void;
  companyId: number | null;
  errors: Record<string, React.ReactNode>;
}

export function UserProjectsEditor({
  value,
  onChange,
  defaultProjectId,
  onDefaultChange,
  companyId,
  errors,
}: Props) {
  const { t } = useTranslation('admin');
  const [opened, dialog] = useDisclosure(false);
  const setPerms = (i: number, perms: number[]) =>
    onChange(value.map((p, j) => (j === i ? { ...p, permissions: perms } : p)));
  const remove = (i: number) => {
    if (value[i]?.projectId === defaultProjectId) onDefaultChange(null);
    onChange(value.filter((_, j) => j !== i));
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          {t('user.projects')}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={dialog.open}
          disabled={!companyId}
          data-testid="user-project-add"
        >
          {t('user.addProject')}
        </Button>
      </Group>
      {!companyId && (
        <Text size="xs" c="dimmed">
          {t('user.chooseCompanyFirst')}
        </Text>
      )}
      {value.length > 0 && (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('project.code')}</Table.Th>
              <Table.Th>{t('project.title')}</Table.Th>
              <Table.Th>{t('permission.label')}</Table.Th>
              <Table.Th>{t('defaultProject.label')}</Table.Th>
              <Table.Th w={50} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((p, i) => (
              <Table.Tr key={p.projectId}>
                <Table.Td>{p.code}</Table.Td>
                <Table.Td>{p.title}</Table.Td>
                <Table.Td>
                  <Checkbox.Group
                    value={p.permissions.map(String)}
                    onChange={(v) => setPerms(i, v.map(Number).sort())}
                    error={errors[`projects.${i}.permissions`]}
                  >
                    <Group gap="sm">
                      {PROJECT_PERMISSION_IDS.map((perm) => (
                        <Checkbox
                          key={perm}
                          value={String(perm)}
                          label={t(`permission.${perm}`)}
                          data-testid={`user-project-${p.code}-permission-${perm}`}
                        />
                      ))}
                    </Group>
                  </Checkbox.Group>
                </Table.Td>
                <Table.Td>
                  <Radio
                    checked={defaultProjectId === p.projectId}
                    onChange={() => onDefaultChange(p.projectId)}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('common.delete')}
                    onClick={() => remove(i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ProjectSelectDialog
        opened={opened}
        onClose={dialog.close}
        companyId={companyId}
        onPick={(p) => {
          if (value.some((v) => v.projectId === p.id)) return;
          onChange([...value, { projectId: p.id, code: p.code, title: p.title, permissions: [1] }]);
          if (defaultProjectId === null) onDefaultChange(p.id);
        }}
      />
    </Stack>
  );
}
