// The help widget's FAQ: searchable translated questions of the section's categories.
import { Accordion, Badge, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterFaq, type FaqCategory, type FaqItem } from './help-widget';

export function FaqList({ categories }: { categories: FaqCategory[] }) {
  const { t } = useTranslation('faq');
  const [search, setSearch] = useState('');
  const groups = useMemo(
    () =>
      categories
        .map((c) => ({ c, items: filterFaq(t(`items.${c}`, { returnObjects: true }) as FaqItem[], search) }))
        .filter((g) => g.items.length > 0),
    [categories, search, t],
  );
  return (
    <Stack gap={8}>
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t('search')}
        aria-label={t('search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="faq-search"
      />
      <ScrollArea.Autosize mah={320} type="auto">
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed" py="xs" data-testid="faq-empty">
            {t('noMatch')}
          </Text>
        ) : (
          <Stack gap={6}>
            {groups.map(({ c, items }) => (
              <div key={c} data-testid={`faq-category-${c}`}>
                <Badge size="xs" variant="light" mb={2}>
                  {c}. {t(`categories.${c}`)}
                </Badge>
                <Accordion
                  variant="filled"
                  chevronPosition="right"
                  styles={{ label: { fontSize: 13, paddingBlock: 6 }, content: { fontSize: 13 } }}
                >
                  {items.map((it) => (
                    <Accordion.Item key={it.q} value={it.q} data-testid="faq-item">
                      <Accordion.Control>{it.q}</Accordion.Control>
                      <Accordion.Panel>{it.a}</Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              </div>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}
