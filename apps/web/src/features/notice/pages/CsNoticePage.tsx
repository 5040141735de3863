// /notices/cs/{id?}: customer-service notices (category cs) beside the inquiry guidance; with an id the
// chosen notice opens under the list.
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
import { useNotice, useNoticeList } from '../api/notices.api';
import { NoticeTable } from '../components/NoticeTable';
import { NoticeView } from '../components/NoticeView';

export default function CsNoticePage() {
  const { t } = useTranslation('notice');
  const id = Number(useParams().id ?? 0);
  const list = useNoticeList({ page: 1, category: 'cs' });
  const one = useNotice(id > 0 ? id : null);
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%" data-testid="cs-notices">
      <Title order={1} fz={24}>
        {t('cs.title')}
      </Title>
      <SimpleGrid cols={2}>
        <Paper withBorder radius="lg" p="lg">
          <Group gap={8} mb={6}>
            <IconClock size={18} color="var(--mantine-color-crimson-7)" />
            <Text fw={700}>{t('cs.hoursTitle')}</Text>
          </Group>
          <Text size="sm">{t('cs.hours')}</Text>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Group gap={8} mb={6}>
            <IconHeadset size={18} color="var(--mantine-color-crimson-7)" />
            <Text fw={700}>{t('cs.inquiryTitle')}</Text>
          </Group>
          <Text size="sm">
            {t('cs.inquiry')}{' '}
            <Anchor component={Link} to="/cs">
              {t('cs.open')}
            </Anchor>
          </Text>
        </Paper>
      </SimpleGrid>
      <NoticeTable items={list.data?.data} loading={list.isLoading} hrefOf={(n) => `/notices/cs/${n.id}`} />
      {id > 0 && (one.isLoading ? <Spinner /> : one.data && <NoticeView notice={one.data} />)}
    </Stack>
  );
}
