// /my/change-password: current, new and confirmation; rules from packages/domain checkPasswordChange.
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconShieldLock } from '@tabler/icons-react';
import { checkPasswordChange, ErrorCode, Role } from '@sightline/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';
import { flash } from '../../../components/flash';
import { markPasswordChanged } from '../../../session/session-actions';
import { useSession } from '../../../session/store';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
const FIELD_OF_CODE: Record<string, keyof Values> = {
  [ErrorCode.PasswordWrong]: 'oldPassword',
  [ErrorCode.PasswordRequired]: 'newPassword',
  [ErrorCode.PasswordWeak]: 'newPassword',
  [ErrorCode.PasswordSameAsOld]: 'newPassword',
  [ErrorCode.PasswordMismatch]: 'confirmPassword',
};

export default function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: (v) => {
      if (!v.oldPassword) return { oldPassword: t('changePassword.oldRequired') };
      const problem = checkPasswordChange(v);
      if (!problem) return {};
      const field = problem === 'mismatch' ? 'confirmPassword' : 'newPassword';
      return { [field]: t(`problems.${problem}`) };
    },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await api.post('/api/user/change-password', values);
      markPasswordChanged();
      form.reset();
      flash('success', t('changePassword.done'));
      void navigate(user?.role_id === Role.SystemAdmin ? '/' : '/train', { replace: true });
    } catch (err) {
      const field =
        err instanceof ApiError
          ? ((err.field as keyof Values | undefined) ?? FIELD_OF_CODE[err.code])
          : undefined;
      if (err instanceof ApiError && field && field in values) form.setFieldError(field, err.message);
      else handleApiError(err);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack maw={520} mx="auto" w="100%" py="md">
      <Group gap="sm">
        <IconShieldLock size={28} color="var(--mantine-color-crimson-7)" />
        <div>
          <Title order={1} fz={24}>
            {t('changePassword.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('changePassword.subtitle')}
          </Text>
        </div>
      </Group>
      {user?.reset_admin && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="forced-change-notice"
        >
          {t('changePassword.forced')}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="xl">
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordInput
              label={t('changePassword.old')}
              autoComplete="current-password"
              withAsterisk
              data-testid="cp-old"
              {...form.getInputProps('oldPassword')}
            />
            <PasswordInput
              label={t('changePassword.new')}
              description={t('changePassword.rule')}
              autoComplete="new-password"
              withAsterisk
              data-testid="cp-new"
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label={t('changePassword.confirm')}
              autoComplete="new-password"
              withAsterisk
              data-testid="cp-confirm"
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" loading={busy} mt="sm" data-testid="cp-submit">
              {t('changePassword.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
