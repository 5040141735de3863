// Period (from, to) and project filters of the usage pages, kept in the URL; an optional CSV button.
import { Button, Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconFileTypeCsv } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SearchSelect } from '../../../components/SearchSelect';
import { useSession } from '../../../session/store';
import type { UsageFilterValue } from '../api/usage.api';

/** The filter of the current URL (?from&to&project). */
export function useUsageFilter(scope: UsageFilterValue['scope']): UsageFilterValue {
  const [params] = useSearchParams();
  const project = Number(params.get('project') ?? 0);
  return {
    scope,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    project_id: project > 0 ? project : undefined,
  };
}

export function UsageFilterBar({ onCsv, withPeriod = true }: { onCsv?: () => void; withPeriod?: boolean }) {
  const { t } = useTranslation('usage');
  const [params, setParams] = useSearchParams();
  const projects = useSession((s) => s.user?.projects ?? []);
  const set = (key: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(key, v);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const date = (key: string) => {
    const v = params.get(key);
    return v ? dayjs(v).toDate() : null;
  };
  return (
    <Group align="flex-end" gap="sm" data-testid="usage-filters">
      {withPeriod && (
        <>
          <DateInput
            label={t('filter.from')}
            valueFormat="YYYY-MM-DD"
            clearable
            value={date('from')}
            onChange={(d) => set('from', d ? dayjs(d).format('YYYY-MM-DD') : null)}
            w={150}
            data-testid="usage-from"
          />
          <DateInput
            label={t('filter.to')}
            valueFormat="YYYY-MM-DD"
            clearable
            value={date('to')}
            onChange={(d) => set('to', d ? dayjs(d).format('YYYY-MM-DD') : null)}
            w={150}
            data-testid="usage-to"
          />
        </>
      )}
      <SearchSelect
        label={t('filter.project')}
        placeholder={t('filter.allProjects')}
        width="medium"
        clearable
        data={projects.map((p) => ({ value: String(p.id), label: p.title }))}
        value={params.get('project')}
        onChange={(v: string | null) => set('project', v)}
        data-testid="usage-project"
      />
      {onCsv && (
        <Button
          variant="light"
          leftSection={<IconFileTypeCsv size={16} />}
          onClick={onCsv}
          data-testid="usage-csv"
        >
          {t('csv')}
        </Button>
      )}
    </Group>
  );
}
