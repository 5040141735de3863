// Line API keys: create (the key is shown once), list, revoke.
import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm';
import { monitoringApi, monitoringKeys } from '../api/monitoring.api';

export function KeysPanel({ lineId, lineCode }: { lineId: number; lineCode: string }) {
  const { t } = useTranslation('monitoring');
  const qc = useQueryClient();
  const keys = useQuery({ queryKey: monitoringKeys.keys(lineId), queryFn: () => monitoringApi.keys(lineId) });
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => monitoringApi.createKey(lineId, name.trim()),
    onSuccess: (k) => {
      setShown(k.key);
      setName('');
      void qc.invalidateQueries({ queryKey: monitoringKeys.keys(lineId) });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => monitoringApi.revokeKey(id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: monitoringKeys.keys(lineId) }),
  });
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t('inspection.keys')}</Text>
        <Text size="sm" c="dimmed">
          {t('inspection.apiHint', { path: `/api/v2/lines/${lineCode}/inspect` })}
        </Text>
        <Group align="end">
          <TextInput
            label={t('inspection.keyName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            w={240}
          />
          <Button
            onClick={() => create.mutate()}
            disabled={!name.trim()}
            loading={create.isPending}
            data-testid="key-create"
          >
            {t('inspection.createKey')}
          </Button>
        </Group>
        {shown && (
          <Alert
            color="yellow"
            title={t('inspection.keyOnce')}
            withCloseButton
            onClose={() => setShown(null)}
          >
            <Code data-testid="key-value">{shown}</Code>
          </Alert>
        )}
        <Table>
          <Table.Tbody>
            {(keys.data ?? []).map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>
                  <Code>{k.prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  {t('inspection.lastUsed')}:{' '}
                  {k.last_used_at ? new Date(k.last_used_at).toLocaleString() : t('inspection.never')}
                </Table.Td>
                <Table.Td>
                  {k.revoked_at ? (
                    <Badge color="gray">{t('inspection.revoked')}</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={async () => {
                        if (
                          await confirm({
                            title: t('inspection.revoke'),
                            message: t('inspection.revokeConfirm', { name: k.name }),
                            danger: true,
                          })
                        )
                          revoke.mutate(k.id);
                      }}
                    >
                      {t('inspection.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
