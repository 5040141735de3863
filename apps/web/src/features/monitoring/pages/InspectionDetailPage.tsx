// /monitoring/inspection/:id (and /cf, /od, /result/cf, /result/od): one inspection — original and
// prediction image, judgement, class, score, boxes, latency; a sampled one can be verified here.
import { Badge, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { imageUrl, monitoringApi, monitoringKeys } from '../api/monitoring.api';
import { JudgementBadge } from '../components/JudgementBadge';

export default function InspectionDetailPage() {
  const { t } = useTranslation('monitoring');
  const { id = '' } = useParams();
  const res = useQuery({
    queryKey: monitoringKeys.inspection(id),
    queryFn: () => monitoringApi.inspection(id),
  });
  const r = res.data;
  if (!r) return null;
  return (
    <Stack gap="md" data-testid="inspection-detail">
      <Group gap="md">
        <Title order={1} fz={24}>
          {t('detail.title')} · {r.serial_number}
        </Title>
        <JudgementBadge value={r.judgement} />
        {r.verified_judgement && (
          <Badge color="teal">
            {t('sampling.verified')}: {r.verified_judgement}
          </Badge>
        )}
      </Group>
      <Paper withBorder radius="lg" p="md">
        <Group gap="xl">
          <Text>
            {t('detail.class')}: {r.class_name ?? '-'}
          </Text>
          <Text>
            {t('detail.score')}: {r.score.toFixed(3)}
          </Text>
          <Text>
            {t('detail.latency')}: {r.latency_ms.toFixed(1)}
          </Text>
          <Text c="dimmed">{new Date(r.created_at).toLocaleString()}</Text>
        </Group>
      </Paper>
      <SimpleGrid cols={2}>
        {[
          [t('report.columns.original'), r.original_url],
          [t('report.columns.prediction'), r.prediction_url],
        ].map(([label, src]) => (
          <Paper key={label} withBorder radius="lg" p="sm">
            <Text size="sm" c="dimmed" mb={4}>
              {label}
            </Text>
            <Image src={imageUrl(src!)} h={420} fit="contain" bg="gray.1" alt={label} />
          </Paper>
        ))}
      </SimpleGrid>
      {r.boxes.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Text fw={600}>{t('detail.boxes')}</Text>
          <Table>
            <Table.Tbody>
              {r.boxes.map((b, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{b.class_name}</Table.Td>
                  <Table.Td>{b.score.toFixed(3)}</Table.Td>
                  <Table.Td>
                    {Math.round(b.x1)}, {Math.round(b.y1)} – {Math.round(b.x2)}, {Math.round(b.y2)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
