// The frame of the usage pages: a title, tabs that are routes (base, base/train, base/trend), the filters
// and the tab's view. Use history, my statistics, admin statistics and resource monitoring share it.
import { Anchor, Group, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Pager } from '../../../components/Pager';
import { handleApiError } from '../../../api/error-handler';
import {
  fetchUsageJobs,
  useUsageJobs,
  useUsageSummary,
  useUsageTrend,
  type UsageFilterValue,
} from '../api/usage.api';
import { downloadCsv } from '../utils/csv';
import { UsageFilterBar, useUsageFilter } from './UsageFilterBar';
import { jobsCsv, UsageJobTable } from './UsageJobTable';
import { summaryCsv, UsageSummaryView } from './UsageSummaryView';
import { trendCsv, UsageTrendView } from './UsageTrendView';

export type UsageTab = 'status' | 'active' | 'train' | 'trend';

interface Props {
  title: string;
  base: string;
  scope: UsageFilterValue['scope'];
  tabs: UsageTab[];
  testId: string;
  /** Other usage pages to link from the title row. */
  links?: { to: string; label: string }[];
}

const pathOf = (base: string, tab: UsageTab, first: UsageTab) =>
  tab === first && tab !== 'train' && tab !== 'trend' ? base : `${base}/${tab}`;

export function UsagePage({ title, base, scope, tabs, testId, links = [] }: Props) {
  const { t } = useTranslation('usage');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = tabs.find((k) => pathname === `${base}/${k}`) ?? tabs[0]!;
  const filter = useUsageFilter(scope);
  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="space-between">
        <Title order={1} fz={24}>
          {title}
        </Title>
        <Group gap="md">
          {links.map((l) => (
            <Anchor key={l.to} component={Link} to={l.to} size="sm">
              {l.label}
            </Anchor>
          ))}
        </Group>
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => v && void navigate(pathOf(base, v as UsageTab, tabs[0]!) + window.location.search)}
      >
        <Tabs.List>
          {tabs.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`usage-tab-${k}`}>
              {t(`tab.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'status' && <StatusTab filter={filter} />}
      {tab === 'active' && <JobsTab filter={filter} group="any" state="active" refreshMs={5000} />}
      {tab === 'train' && <JobsTab filter={filter} group="learning" state="any" />}
      {tab === 'trend' && <TrendTab filter={filter} />}
    </Stack>
  );
}

function StatusTab({ filter }: { filter: UsageFilterValue }) {
  const { t } = useTranslation('usage');
  const { data, isLoading } = useUsageSummary(filter);
  return (
    <>
      <UsageFilterBar onCsv={data ? () => downloadCsv('usage-status.csv', summaryCsv(data, t)) : undefined} />
      <UsageSummaryView data={data} loading={isLoading} />
    </>
  );
}

function TrendTab({ filter }: { filter: UsageFilterValue }) {
  const { t } = useTranslation('usage');
  const { data, isLoading } = useUsageTrend({ ...filter, from: undefined, to: undefined });
  return (
    <>
      <UsageFilterBar
        withPeriod={false}
        onCsv={data ? () => downloadCsv('usage-trend.csv', trendCsv(data, t)) : undefined}
      />
      <UsageTrendView data={data} loading={isLoading} />
    </>
  );
}

function JobsTab({
  filter,
  group,
  state,
  refreshMs,
}: {
  filter: UsageFilterValue;
  group: 'learning' | 'any';
  state: 'active' | 'any';
  refreshMs?: number;
}) {
  const { t } = useTranslation('usage');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useUsageJobs(filter, { group, state, page }, refreshMs);
  const csv = async () => {
    try {
      const all = await fetchUsageJobs(filter, { group, state, page: 1, perPage: 1000 });
      downloadCsv(`jobs-${group}-${state}.csv`, jobsCsv(all.data, t));
    } catch (err) {
      handleApiError(err);
    }
  };
  return (
    <>
      <UsageFilterBar onCsv={() => void csv()} withPeriod={state !== 'active'} />
      <UsageJobTable rows={data?.data} loading={isLoading} testId={`usage-jobs-${state}`} />
      <Group justify="center">
        <Pager page={page} total={data?.total ?? 0} onChange={setPage} />
      </Group>
    </>
  );
}
