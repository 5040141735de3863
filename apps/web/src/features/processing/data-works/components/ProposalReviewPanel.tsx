// Review of AI labeling proposals in the workspace of an AI labeling work (issue 15): the result images'
// proposed labels, least sure first, each with its thumbnail, proposed class (or object count) and
// confidence, and accept / reject. A correction is made in the workspace itself, then accepted. Folds to
// one line so the workspace keeps its room.
import {
  Badge,
  Button,
  Group,
  Image,
  Pagination,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProposals, useReviewProposal, type Proposal } from '../api/processing-data.api';

const PER_PAGE = 30;

export interface ProposalClass {
  id: number;
  name: string;
  color: string;
}

/** od: boxes, sg: regions (the job's proposal summary); null for cf. */
function objectCount(p: Proposal): number | null {
  const s = p.prediction as { boxes?: unknown; regions?: unknown };
  const n = typeof s.boxes === 'number' ? s.boxes : s.regions;
  return typeof n === 'number' ? n : null;
}

export function ProposalReviewPanel({
  workId,
  classes,
  readOnly,
}: {
  workId: number;
  classes: ProposalClass[];
  readOnly: boolean;
}) {
  const { t } = useTranslation('processing-data');
  const [open, setOpen] = useState(true);
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const [page, setPage] = useState(1);
  const list = useProposals(workId, status, page);
  const review = useReviewProposal(workId);
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const byId = new Map(classes.map((c) => [c.id, c]));

  const decide = (p: Proposal, decision: 'accept' | 'reject') =>
    review.mutate({ imageId: p.image_id, decision });

  return (
    <Paper withBorder p="xs" mb="xs" data-testid="proposal-panel">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            {t('proposals.title')}
          </Text>
          <Badge variant="light" data-testid="proposal-count">
            {t('proposals.count', { count: total })}
          </Badge>
          {open && (
            <SegmentedControl
              size="xs"
              value={status}
              onChange={(v) => {
                setStatus(v as 'pending' | 'all');
                setPage(1);
              }}
              data={[
                { value: 'pending', label: t('proposals.pending') },
                { value: 'all', label: t('proposals.all') },
              ]}
            />
          )}
        </Group>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => !o)}>
          {open ? t('proposals.hide') : t('proposals.show')}
        </Button>
      </Group>
      {open && (
        <Stack gap={4} mt={4}>
          <Text size="xs" c="dimmed">
            {t('proposals.leastSure')}
          </Text>
          {rows.length === 0 && !list.isLoading ? (
            <Text size="sm" c="dimmed" data-testid="proposal-empty">
              {t('proposals.empty')}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={220}>
              <Table verticalSpacing={2} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={56} />
                    <Table.Th>{t('proposals.file')}</Table.Th>
                    <Table.Th>{t('proposals.class')}</Table.Th>
                    <Table.Th w={110}>{t('proposals.score')}</Table.Th>
                    <Table.Th w={170} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((p) => {
                    const cls = p.class_id != null ? byId.get(p.class_id) : undefined;
                    const n = objectCount(p);
                    const reviewed = (p.prediction as { review?: string }).review;
                    return (
                      <Table.Tr key={p.image_id} data-testid="proposal-row" data-file={p.file_name}>
                        <Table.Td>
                          <Image src={p.thumb_url} alt={p.file_name} w={48} h={36} fit="contain" />
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                            {p.file_name}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {cls ? (
                            <Badge size="sm" color={cls.color} variant="light">
                              {cls.name}
                            </Badge>
                          ) : n != null ? (
                            <Text size="xs">{t('proposals.boxes', { count: n })}</Text>
                          ) : (
                            <Text size="xs" c="dimmed">
                              {t('proposals.noClass')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" data-testid="proposal-score">
                            {p.score == null ? '–' : `${Math.round(p.score * 100)}%`}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {p.confirmed ? (
                            <Badge
                              size="sm"
                              variant="outline"
                              color={reviewed === 'rejected' ? 'red' : 'teal'}
                            >
                              {reviewed === 'rejected' ? t('proposals.rejected') : t('proposals.accepted')}
                            </Badge>
                          ) : (
                            <Group gap={4} wrap="nowrap">
                              <Button
                                size="compact-xs"
                                color="teal"
                                disabled={readOnly || review.isPending}
                                onClick={() => decide(p, 'accept')}
                                data-testid="proposal-accept"
                              >
                                {t('proposals.accept')}
                              </Button>
                              <Button
                                size="compact-xs"
                                color="red"
                                variant="light"
                                disabled={readOnly || review.isPending}
                                onClick={() => decide(p, 'reject')}
                                data-testid="proposal-reject"
                              >
                                {t('proposals.reject')}
                              </Button>
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          {total > PER_PAGE && (
            <Pagination size="xs" total={Math.ceil(total / PER_PAGE)} value={page} onChange={setPage} />
          )}
        </Stack>
      )}
    </Paper>
  );
}
