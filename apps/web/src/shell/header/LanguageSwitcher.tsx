// ko ↔ en; the choice is kept 365 days in the i18n_redirected cookie.
import { SegmentedControl } from '@mantine/core';
import { LOCALES, type Locale } from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import { setLocale } from '../../i18n';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={t('common:lang.label')}
      data-testid="lang-switch"
      value={i18n.language}
      onChange={(v) => void setLocale(v as Locale)}
      data={LOCALES.map((l) => ({ value: l, label: l === 'ko' ? '한국어' : 'EN' }))}
    />
  );
}
