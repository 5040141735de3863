// The pager: first, previous 10, page numbers (10 visible), next 10, last.
import { ActionIcon, Group, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { PAGER } from '@sightline/domain';
import { useTranslation } from 'react-i18next';
import { pagerWindow } from './pager-window';
import classes from './Pager.module.css';

export interface PagerProps {
  page: number;
  total: number;
  perPage?: number;
  onChange(page: number): void;
}

export function Pager({ page, total, perPage = PAGER.perPage, onChange }: PagerProps) {
  const { t } = useTranslation();
  const w = pagerWindow(page, total, perPage);
  if (total <= 0) return null;
  const nav = (label: string, icon: React.ReactNode, target: number | null, testId: string) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      data-testid={testId}
      disabled={target === null}
      onClick={() => target !== null && onChange(target)}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <Group gap={4} justify="center" py="md" data-testid="pager">
      {nav(t('common:pager.first'), <IconChevronsLeft size={16} />, page > 1 ? 1 : null, 'pager-first')}
      {nav(t('common:pager.prevGroup'), <IconChevronLeft size={16} />, w.prevGroupPage, 'pager-prev')}
      {w.pages.map((p) => (
        <UnstyledButton
          key={p}
          className={classes.page}
          data-active={p === page || undefined}
          aria-label={t('common:pager.page', { page: p })}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onChange(p)}
        >
          {p}
        </UnstyledButton>
      ))}
      {nav(t('common:pager.nextGroup'), <IconChevronRight size={16} />, w.nextGroupPage, 'pager-next')}
      {nav(
        t('common:pager.last'),
        <IconChevronsRight size={16} />,
        page < w.totalPages ? w.totalPages : null,
        'pager-last',
      )}
    </Group>
  );
}
