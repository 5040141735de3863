// /admin/user/reset/{id}: one reset request. Resetting issues a temporary password that is shown
// here exactly once (the server keeps only its hash); the user must change it at next login.
import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconKey, IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { maskName } from '@sightline/domain';
import { useHandleReset, useResetRequest } from '../api/resets';
import { FactGrid } from '../../../components/FactGrid';
import { PageFrame } from '../../../components/PageFrame';
import { ResetStatusBadge } from '../components/ResetStatusBadge';
import { confirm, Spinner, flash } from '../../../components/shared';
import { formatDateTime } from '../../../utils/format';
import { showServerError } from '../../../forms/server-error';

export default function ResetDetailPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const { data: req } = useResetRequest(id);
  const handle = useHandleReset(id);
  const [temporary, setTemporary] = useState<string | null>(null);

  if (!req) return <Spinner />;
  const run = async (action: 'reset' | 'invalid') => {
    const ok = await confirm({
      title: t(action === 'invalid' ? 'reset.markInvalid' : 'reset.reset'),
      message: t(action === 'invalid' ? 'reset.invalidConfirm' : 'reset.resetConfirm', {
        username: req.username,
      }),
      danger: action === 'reset',
    });
    if (!ok) return;
    try {
      const answer = await handle.mutateAsync(action);
      setTemporary(answer.temporaryPassword);
      flash('success', t(action === 'reset' ? 'reset.resetDone' : 'reset.invalidDone'));
    } catch (err) {
      showServerError(null, err);
    }
  };

  return (
    <PageFrame
      title={t('reset.detailTitle')}
      testId="reset-detail"
      back={{ to: '/admin/user/reset', label: t('reset.listTitle') }}
    >
      <FactGrid
        facts={[
          [t('user.username'), req.username],
          [t('user.name'), req.user ? maskName(req.user.name) : t('reset.unknownUser')],
          [t('user.department'), req.user?.department ?? '-'],
          [t('project.company'), req.user?.company?.name ?? '-'],
          [t('reset.statusLabel'), <ResetStatusBadge key="s" status={req.status} />],
          [t('reset.requestedAt'), formatDateTime(req.requestedAt)],
          [t('reset.handledAt'), formatDateTime(req.handledAt)],
          [t('reset.handledBy'), req.handledBy?.username ?? '-'],
        ]}
      />
      {temporary && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle />}
          title={t('reset.temporaryTitle')}
          data-testid="temporary-password"
        >
          <Stack gap="xs">
            <Text size="sm">{t('reset.temporaryHelp')}</Text>
            <Group>
              <Code fz="lg" data-testid="temporary-password-value">
                {temporary}
              </Code>
              <CopyButton value={temporary}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('common.copied') : t('common.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      {req.status === 'unprocessed' && (
        <Group>
          {req.user && (
            <Button
              leftSection={<IconKey size={16} />}
              onClick={() => run('reset')}
              loading={handle.isPending}
              data-testid="reset-handle"
            >
              {t('reset.reset')}
            </Button>
          )}
          <Button
            variant="default"
            color="gray"
            leftSection={<IconBan size={16} />}
            onClick={() => run('invalid')}
            disabled={handle.isPending}
            data-testid="reset-invalid"
          >
            {t('reset.markInvalid')}
          </Button>
        </Group>
      )}
    </PageFrame>
  );
}
