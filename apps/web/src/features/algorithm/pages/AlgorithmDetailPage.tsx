// /admin/algorithm/{id}: the registration, its description document and parameter tables.
import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ParamSet } from '@sightline/domain';
import { useAlgorithm, useDeleteAlgorithm } from '../api/algorithms';
import { DescriptionDocument } from '../components/DescriptionDocument';
import { FactGrid } from '../../../components/FactGrid';
import { PageFrame } from '../../../components/PageFrame';
import { confirm, flash, Spinner } from '../../../components/shared';
import { PARAM_SET_KEYS } from '../utils/algorithm-form';
import { formatDateTime } from '../../../utils/format';
import { localized } from '../utils/localized';
import { showServerError } from '../../../forms/server-error';

type ParamView = {
  key: string;
  name: { ko: string; en: string };
  description?: { ko: string; en: string };
  default: number;
  min: number;
  max: number;
  integer?: boolean;
};

function ParamTable({ set, rows }: { set: ParamSet; rows: ParamView[] }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap={4}>
      <Title order={5}>{t(`algorithm.params.${set}`)}</Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('algorithm.noParams')}
        </Text>
      ) : (
        <Table withTableBorder striped verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('algorithm.paramName')}</Table.Th>
              <Table.Th>{t('algorithm.paramKey')}</Table.Th>
              <Table.Th>{t('algorithm.paramDescription')}</Table.Th>
              <Table.Th>{t('algorithm.paramDefault')}</Table.Th>
              <Table.Th>{t('algorithm.paramMin')}</Table.Th>
              <Table.Th>{t('algorithm.paramMax')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.key}>
                <Table.Td>{localized(p.name)}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {p.key}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{localized(p.description)}</Text>
                </Table.Td>
                <Table.Td>{p.default}</Table.Td>
                <Table.Td>{p.min}</Table.Td>
                <Table.Td>{p.max}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export default function AlgorithmDetailPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const { data: a } = useAlgorithm(id);
  const del = useDeleteAlgorithm();
  if (!a) return <Spinner />;

  const onDelete = async () => {
    if (
      !(await confirm({
        title: t('algorithm.delete'),
        message: t('algorithm.deleteConfirm', { name: localized(a.name) }),
        danger: true,
      }))
    )
      return;
    try {
      await del.mutateAsync(a.id);
      flash('success', t('common.deleted'));
      navigate('/admin/algorithm');
    } catch (err) {
      showServerError(null, err);
    }
  };

  return (
    <PageFrame
      title={localized(a.name)}
      testId="algorithm-detail"
      back={{ to: '/admin/algorithm', label: t('algorithm.listTitle') }}
      actions={
        <>
          <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            {t('common.delete')}
          </Button>
          <Button component={Link} to={`/admin/algorithm/${a.id}/edit`} leftSection={<IconEdit size={16} />}>
            {t('common.edit')}
          </Button>
        </>
      }
    >
      <FactGrid
        facts={[
          [t('algorithm.engine'), a.engineKey],
          [
            t('algorithm.kind'),
            <Badge tt="none" key="k" variant="light">
              {t(`algorithm.kinds.${a.kind}`)}
            </Badge>,
          ],
          [t('algorithm.workType'), t(`algorithm.workTypes.${a.workType}`)],
          [
            t('algorithm.scope'),
            a.scope === 'all'
              ? t('algorithm.scopeAll')
              : a.projects.map((p) => `${p.title} (${p.code})`).join(', '),
          ],
          [t('common.createdAt'), formatDateTime(a.createdAt)],
          [t('common.updatedAt'), formatDateTime(a.updatedAt)],
          [t('algorithm.description'), localized(a.description)],
        ]}
      />
      <Stack gap="xs">
        <Title order={4}>{t('algorithm.document')}</Title>
        <DescriptionDocument algorithm={a} editable />
      </Stack>
      <Stack gap="md">
        <Title order={4}>{t('algorithm.paramsTitle')}</Title>
        {PARAM_SET_KEYS.map((set) => (
          <ParamTable key={set} set={set} rows={a[set] as ParamView[]} />
        ))}
      </Stack>
    </PageFrame>
  );
}
