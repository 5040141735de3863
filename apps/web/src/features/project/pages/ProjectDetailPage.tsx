// /admin/project/{id} (and /my/projects/{id}): the project's facts and its inspection lines,
// with links to edit, participants and managers.
import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Table, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash, IconUsers, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { maskName, type LineRecord } from '@sightline/domain';
import { useLines, useRemoveLine } from '../../line/api/lines';
import { useProject } from '../api/projects';
import { LineDialog } from '../../line/components/LineDialog';
import { FactGrid } from '../../../components/FactGrid';
import { PageFrame } from '../../../components/PageFrame';
import { useAreaPaths } from '../../../hooks/useAreaPaths';
import { useCan } from '../../../hooks/useCan';
import { confirm, EmptyState, Spinner, flash } from '../../../components/shared';
import { formatDate, formatPeriod } from '../../../utils/format';
import { showServerError } from '../../../forms/server-error';
import { projectFacts } from '../utils/project-facts';

export default function ProjectDetailPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const paths = useAreaPaths();
  const can = useCan();
  const { data: project } = useProject(id);
  const { data: lines } = useLines(id);
  const remove = useRemoveLine(id);
  const [editing, setEditing] = useState<LineRecord | null | 'new'>(null);

  if (!project) return <Spinner />;
  const removeLine = async (l: LineRecord) => {
    if (
      !(await confirm({
        title: t('line.removeTitle'),
        message: t('line.removeConfirm', { name: l.name }),
        danger: true,
      }))
    )
      return;
    try {
      await remove.mutateAsync(l.id);
      flash('success', t('common.deleted'));
    } catch (err) {
      showServerError(null, err);
    }
  };
  const facts = projectFacts(project);
  const mayEdit = can('project.update', facts);
  const mayManageLines = can('line.manage', facts);
  const mayManageMembers = can('project.manageMembers', facts);
  const limit = (n: number | null) => (n === null ? t('project.unlimited') : n.toLocaleString());

  return (
    <PageFrame
      title={`${project.title} (${project.code})`}
      testId="project-detail"
      back={{ to: paths.projects, label: t('project.listTitle') }}
      actions={
        <>
          {mayManageMembers && (
            <>
              <Button
                variant="default"
                component={Link}
                to={`${paths.projects}/${id}/user`}
                leftSection={<IconUsers size={16} />}
              >
                {t('participant.title')}
              </Button>
              <Button
                variant="default"
                component={Link}
                to={`${paths.projects}/${id}/user/manager`}
                leftSection={<IconUserShield size={16} />}
              >
                {t('manager.title')}
              </Button>
            </>
          )}
          {mayEdit && (
            <Button component={Link} to={`${paths.projects}/${id}/edit`} leftSection={<IconEdit size={16} />}>
              {t('common.edit')}
            </Button>
          )}
        </>
      }
    >
      <FactGrid
        facts={[
          [t('project.code'), project.code],
          [t('project.title'), project.title],
          [t('project.company'), project.company.name],
          [t('project.period'), formatPeriod(project.startDate, project.endDate) ?? t('project.unlimited')],
          [t('project.uploadLimit'), limit(project.uploadLimit)],
          [t('project.learningLimit'), limit(project.learningLimit)],
          [t('project.participantCount'), project.participantCount],
          [t('manager.title'), project.managers.map((m) => `${maskName(m.name)} (${m.username})`).join(', ')],
          [t('common.createdAt'), formatDate(project.createdAt)],
          [t('project.description'), project.description],
        ]}
      />
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{t('line.title')}</Title>
          {mayManageLines && (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing('new')}
              data-testid="line-add"
            >
              {t('line.add')}
            </Button>
          )}
        </Group>
        <Table withTableBorder striped data-testid="line-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('line.code')}</Table.Th>
              <Table.Th>{t('line.name')}</Table.Th>
              <Table.Th>{t('line.productName')}</Table.Th>
              <Table.Th>{t('line.processName')}</Table.Th>
              {mayManageLines && <Table.Th w={90} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines?.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.code}</Table.Td>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{l.productName}</Table.Td>
                <Table.Td>{l.processName}</Table.Td>
                {mayManageLines && (
                  <Table.Td>
                    <Group gap={4}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('common.edit')}
                        onClick={() => setEditing(l)}
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('common.delete')}
                        onClick={() => removeLine(l)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {lines && lines.length === 0 && <EmptyState message={t('line.empty')} />}
      </Stack>
      <LineDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        projectId={id}
        line={editing === 'new' ? null : editing}
      />
    </PageFrame>
  );
}
