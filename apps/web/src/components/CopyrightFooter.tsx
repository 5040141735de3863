// Shown instead of the side navigation on /auth, /notice and /intro pages.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CopyrightFooter() {
  const { t } = useTranslation();
  return (
    <Text component="footer" size="xs" c="dimmed" ta="center" py="lg" data-testid="copyright">
      {t('common:copyright', { year: new Date().getFullYear() })}
    </Text>
  );
}
