// The confirm modal (cancel + confirm). Resolves true when confirmed.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import i18n from '../i18n';

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

export function confirm(o: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: o.title,
      centered: true,
      children: o.message ? <Text size="sm">{o.message}</Text> : null,
      labels: {
        confirm: o.confirmLabel ?? i18n.t('common:actions.confirm'),
        cancel: o.cancelLabel ?? i18n.t('common:actions.cancel'),
      },
      confirmProps: { color: o.danger ? 'red' : 'crimson', 'data-testid': 'confirm-ok' } as Record<
        string,
        unknown
      >,
      cancelProps: { variant: 'default', 'data-testid': 'confirm-cancel' } as Record<string, unknown>,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
