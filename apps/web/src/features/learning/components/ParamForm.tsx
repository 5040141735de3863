// The train parameter form generated from the admin algorithm row: one number input per parameter,
// with its name, description and min/max; out-of-range values are marked with the server's message.
import { Button, Group, NumberInput, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AlgorithmParam } from '@sightline/domain';
import { currentLocale } from '../../../i18n';

interface Props {
  params: readonly AlgorithmParam[];
  values: Record<string, number | string>;
  errors: Record<string, string>;
  onChange: (key: string, value: number | string) => void;
  onReset: () => void;
}

export function ParamForm({ params, values, errors, onChange, onReset }: Props) {
  const { t } = useTranslation('learning');
  const locale = currentLocale();
  if (!params.length) return null;
  return (
    <div data-testid="param-form">
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          {t('form.params')}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onReset} data-testid="param-reset">
          {t('form.resetParams')}
        </Button>
      </Group>
      <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
        {params.map((p) => (
          <NumberInput
            key={p.key}
            size="xs"
            label={
              <Group gap={4} wrap="nowrap" component="span">
                <span>{p.name?.[locale] ?? p.key}</span>
                {p.description?.[locale] && (
                  <Tooltip label={p.description[locale]} multiline w={260} withArrow>
                    <IconInfoCircle size={13} style={{ opacity: 0.6 }} />
                  </Tooltip>
                )}
              </Group>
            }
            description={t(p.auto ? 'form.paramRangeAuto' : 'form.paramRange', { min: p.min, max: p.max })}
            value={values[p.key] ?? ''}
            onChange={(v) => onChange(p.key, v)}
            allowDecimal={!p.integer}
            decimalScale={p.integer ? 0 : 6}
            step={p.integer ? 1 : stepOf(p)}
            error={errors[p.key]}
            data-testid={`param-${p.key}`}
            data-param={p.key}
          />
        ))}
      </SimpleGrid>
    </div>
  );
}

/** A step of about a hundredth of the range, as a round number (0.001, 0.01, 0.1 …). */
function stepOf(p: AlgorithmParam): number {
  const span = p.max - p.min;
  if (!(span > 0)) return 0.1;
  return 10 ** Math.floor(Math.log10(span / 100));
}
