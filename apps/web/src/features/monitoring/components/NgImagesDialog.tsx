// Line type report / line period report dialogs (SPEC §2): the NG images of one type, or within a period.
import { useState } from 'react';
import { Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/Pager';
import { monitoringApi, monitoringKeys } from '../api/monitoring.api';
import { InspectionThumb } from './InspectionThumb';

export interface NgImagesFilter {
  title: string;
  lineId: number;
  from: string;
  to: string;
  className?: string;
}

export function NgImagesDialog({ filter, onClose }: { filter: NgImagesFilter | null; onClose: () => void }) {
  const { t } = useTranslation('monitoring');
  const [page, setPage] = useState(1);
  const q = filter
    ? {
        line_id: filter.lineId,
        mode: 'period',
        from: filter.from,
        to: filter.to,
        judgement: 'NG',
        ...(filter.className ? { class_name: filter.className } : {}),
        page,
        perPage: 24,
      }
    : null;
  const res = useQuery({
    queryKey: monitoringKeys.search(q ?? {}),
    queryFn: () => monitoringApi.search(q!),
    enabled: !!q,
  });
  return (
    <Modal opened={!!filter} onClose={onClose} title={filter?.title} size="xl" data-testid="ng-images-dialog">
      <Stack>
        {res.data && !res.data.total && <Text c="dimmed">{t('lineReport.noImages')}</Text>}
        <Group gap="sm">
          {(res.data?.data ?? []).map((r) => (
            <Stack key={r.id} gap={2} align="center">
              <InspectionThumb id={r.id} src={r.prediction_url} size={120} />
              <Text size="xs">{r.serial_number}</Text>
            </Stack>
          ))}
        </Group>
        {res.data && <Pager page={page} total={res.data.total} perPage={24} onChange={setPage} />}
      </Stack>
    </Modal>
  );
}
