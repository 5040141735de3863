// The dataset list table: name, type, image count, folders, classes and latest modified date.
import { Anchor, Badge, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DatasetSummary } from '@sightline/domain';
import { datasetHref } from '../utils/dataset-href';

export function DatasetTable({ rows }: { rows: readonly DatasetSummary[] }) {
  const { t } = useTranslation('dataset');
  return (
    <Table highlightOnHover verticalSpacing="sm" data-testid="dataset-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('list.columns.name')}</Table.Th>
          <Table.Th w={140}>{t('list.columns.type')}</Table.Th>
          <Table.Th w={110} ta="right">
            {t('list.columns.imageCount')}
          </Table.Th>
          <Table.Th w={90} ta="right">
            {t('list.columns.folders')}
          </Table.Th>
          <Table.Th w={90} ta="right">
            {t('list.columns.classes')}
          </Table.Th>
          <Table.Th w={170}>{t('list.columns.updatedAt')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((d) => (
          <Table.Tr key={d.id} data-testid="dataset-row" data-name={d.name}>
            <Table.Td>
              <Anchor component={Link} to={datasetHref(d.id)} fw={600} size="sm">
                {d.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color="gray">
                {t(`types.${d.type}`)}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">{d.image_count.toLocaleString()}</Table.Td>
            <Table.Td ta="right">{d.folder_count}</Table.Td>
            <Table.Td ta="right">{d.class_count}</Table.Td>
            <Table.Td>
              <Text size="sm">{dayjs(d.updated_at).format('YYYY-MM-DD HH:mm')}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
