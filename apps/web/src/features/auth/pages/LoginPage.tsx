// /auth/login: ID + password, inline errors from the server message, password-reset request link.
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { loginRequestSchema, Role } from '@sightline/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, isCancelled } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-handler';
import { zodValidate } from '../../../forms/zod-form';
import { login } from '../../../session/session-actions';
import { LoginHero } from '../components/LoginHero';
import { PasswordResetModal } from '../components/PasswordResetModal';
import classes from './LoginPage.module.css';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: zodValidate(loginRequestSchema, {
      username: 'auth:login.usernameRequired',
      password: 'auth:login.passwordRequired',
    }),
  });

  const submit = form.onSubmit(async ({ username, password }) => {
    setBusy(true);
    setError(null);
    try {
      const user = await login(username.trim(), password);
      if (user.reset_admin) return void navigate('/my/change-password', { replace: true });
      void navigate(user.role_id === Role.SystemAdmin ? '/' : '/train', { replace: true });
    } catch (err) {
      if (isCancelled(err)) return;
      // Wrong credentials, lock-out and rate limits are answered with a translated message.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message)
        setError(err.message);
      else handleApiError(err);
    } finally {
      setBusy(false);
    }
  });

  return (
    <div className={classes.wrap}>
      <Paper radius="lg" shadow="md" className={classes.card} withBorder>
        <LoginHero />
        <div className={classes.formSide}>
          <form onSubmit={submit} noValidate className={classes.form}>
            <Stack gap="md">
              <div>
                <Title order={2} fz={26} style={{ letterSpacing: '-0.02em' }}>
                  {t('login.welcome')}
                </Title>
                <Text c="dimmed" size="sm" mt={6}>
                  {t('login.subtitle')}
                </Text>
              </div>
              {error && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={18} />}
                  data-testid="login-error"
                >
                  {error}
                </Alert>
              )}
              <TextInput
                label={t('login.username')}
                placeholder={t('login.usernamePlaceholder')}
                autoComplete="username"
                size="md"
                data-testid="login-username"
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label={t('login.password')}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                size="md"
                data-testid="login-password"
                {...form.getInputProps('password')}
              />
              <Button type="submit" size="md" fullWidth loading={busy} mt="xs" data-testid="login-submit">
                {t('login.submit')}
              </Button>
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="center"
                c="dimmed"
                onClick={() => setResetOpen(true)}
                data-testid="forgot-password"
              >
                {t('login.forgot')}
              </Anchor>
            </Stack>
          </form>
        </div>
      </Paper>
      <PasswordResetModal opened={resetOpen} onClose={() => setResetOpen(false)} />
    </div>
  );
}
