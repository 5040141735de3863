// /cs: support hours, reply time and inquiry guidance (SPEC §1, §9). The help widget opens it with
// ?type=1&key=<inquiry key> (SPEC §2): the type is preselected and the key shown to quote.
import {
  Button,
  Code,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconClock, IconHeadset, IconInfoCircle, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { INQUIRY_TYPES, parseInquiry } from '../../../shell/cs/help-widget';

export default function CustomerServicePage() {
  const { t } = useTranslation('public');
  const [params, setParams] = useSearchParams();
  const { type, key } = parseInquiry(params);
  const chooseType = (next: string) => {
    const p = new URLSearchParams(params);
    p.set('type', next);
    setParams(p, { replace: true });
  };
  return (
    <Stack gap="lg" maw={960} mx="auto" py="md">
      <Group gap="md">
        <ThemeIcon size={48} radius="md" variant="light">
          <IconHeadset size={26} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Title order={1} fz={26}>
            {t('cs.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('cs.subtitle')}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={2} spacing="lg">
        <Paper withBorder radius="lg" p="lg">
          <Group gap={8} mb={6}>
            <IconClock size={18} color="var(--mantine-color-crimson-7)" />
            <Text fw={700}>{t('cs.hoursTitle')}</Text>
          </Group>
          <Text size="sm">{t('cs.hours')}</Text>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Group gap={8} mb={6}>
            <IconMessageCircle size={18} color="var(--mantine-color-crimson-7)" />
            <Text fw={700}>{t('cs.replyTitle')}</Text>
          </Group>
          <Text size="sm">{t('cs.reply')}</Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="lg" data-testid="cs-inquiry-type">
        <Text fw={700} mb="sm">
          {t('cs.typeTitle')}
        </Text>
        <SegmentedControl
          value={type}
          onChange={chooseType}
          data={INQUIRY_TYPES.map((v) => ({ value: v, label: t(`cs.types.${v}`) }))}
        />
        <Text size="sm" mt="sm" data-testid="cs-type-guide">
          {t(`cs.typeGuide.${type}`)}
        </Text>
        {key && (
          <Group gap={8} mt="md" data-testid="cs-key">
            <Text size="sm" fw={600}>
              {t('cs.keyLabel')}
            </Text>
            <Code fz="sm">{key}</Code>
            <Text size="xs" c="dimmed">
              {t('cs.keyHint')}
            </Text>
          </Group>
        )}
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Group gap={8} mb="sm">
          <IconInfoCircle size={18} color="var(--mantine-color-crimson-7)" />
          <Text fw={700}>{t('cs.guideTitle')}</Text>
        </Group>
        <List spacing="xs" size="sm">
          <List.Item>{t('cs.guide1')}</List.Item>
          <List.Item>{t('cs.guide2')}</List.Item>
          <List.Item>{t('cs.guide3')}</List.Item>
        </List>
      </Paper>
      <Group>
        <Button component={Link} to="/notices" variant="light">
          {t('cs.notices')}
        </Button>
        <Button component={Link} to="/notices/cs" variant="light" data-testid="cs-notices-link">
          {t('notice:cs.title')}
        </Button>
      </Group>
    </Stack>
  );
}
