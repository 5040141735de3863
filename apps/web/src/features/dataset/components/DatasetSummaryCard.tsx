// Name, type, image count and latest modified date of one dataset.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DatasetDetail } from '@sightline/domain';

export function DatasetSummaryCard({ dataset }: { dataset: DatasetDetail }) {
  const { t } = useTranslation('dataset');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="dataset-summary">
      <Stack gap={4}>
        <Group gap={6}>
          <Badge variant="light" color="gray">
            {t(`types.${dataset.type}`)}
          </Badge>
          <Badge variant="outline" color="gray">
            {t(`purposes.${dataset.purpose}`)}
          </Badge>
          {dataset.locked && (
            <Badge variant="light" color="orange" data-testid="dataset-locked">
              {t('detail.locked')}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600} data-testid="dataset-image-count">
          {t('detail.imageCount', { count: dataset.image_count })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('detail.updatedAt', { date: dayjs(dataset.updated_at).format('YYYY-MM-DD HH:mm') })}
        </Text>
      </Stack>
    </Paper>
  );
}
