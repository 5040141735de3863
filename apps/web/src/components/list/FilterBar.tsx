// A row of filter inputs that applies on submit (Enter or the search button), not on every keystroke,
// so the server is asked once per search.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props<F extends string> {
  values: Record<F, string>;
  onApply: (values: Record<F, string>) => void;
  children: (draft: Record<F, string>, set: (key: F, value: string) => void) => ReactNode;
}

export function FilterBar<F extends string>({ values, onApply, children }: Props<F>) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(values);
  // The URL is the truth: when it changes (back button, reset), the inputs follow.
  const key = JSON.stringify(values);
  useEffect(() => setDraft(values), [key]);

  const set = (k: F, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  return (
    <Paper withBorder p="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        <Group align="flex-end" gap="sm">
          {children(draft, set)}
          <Button type="submit" leftSection={<IconSearch size={16} />} variant="light">
            {t('common.search')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
