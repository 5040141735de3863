// One parameter table of the algorithm form (train, inference or augmentation): name, key,
// description, default, min and max per row, checked by the domain schema (min ≤ default ≤ max).
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParamSet } from '@sightline/domain';
import type { AlgorithmFormValues } from '../utils/algorithm-form';

interface Props {
  form: UseFormReturnType<AlgorithmFormValues>;
  set: ParamSet;
}

const EMPTY_ROW = {
  key: '',
  name: { ko: '', en: '' },
  description: { ko: '', en: '' },
  default: 0 as number | string,
  min: 0 as number | string,
  max: 1 as number | string,
  integer: false,
  auto: false,
};

export function ParamTableEditor({ form, set }: Props) {
  const { t } = useTranslation('admin');
  const rows = form.values[set];
  const err = (i: number, f: string) => form.errors[`${set}.${i}.${f}`];
  const num = (i: number, f: 'default' | 'min' | 'max') => (
    <NumberInput
      size="xs"
      hideControls
      w={90}
      decimalScale={rows[i]!.integer ? 0 : 6}
      {...form.getInputProps(`${set}.${i}.${f}`)}
      error={err(i, f) ? true : undefined}
      data-testid={`${set}-${i}-${f}`}
    />
  );

  return (
    <Stack gap="xs" data-testid={`params-${set}`}>
      <Group justify="space-between">
        <Title order={5}>{t(`algorithm.params.${set}`)}</Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem(set, structuredClone(EMPTY_ROW))}
          data-testid={`${set}-add`}
        >
          {t('algorithm.addParam')}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('algorithm.noParams')}
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4} horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('algorithm.paramName')}</Table.Th>
              <Table.Th>{t('algorithm.paramKey')}</Table.Th>
              <Table.Th>{t('algorithm.paramDescription')}</Table.Th>
              <Table.Th>{t('algorithm.paramDefault')}</Table.Th>
              <Table.Th>{t('algorithm.paramMin')}</Table.Th>
              <Table.Th>{t('algorithm.paramMax')}</Table.Th>
              <Table.Th>{t('algorithm.paramInteger')}</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => {
              const rangeError = err(i, 'default') ?? err(i, 'min') ?? err(i, 'max');
              return (
                <Table.Tr key={i}>
                  <Table.Td>
                    <Stack gap={2}>
                      <TextInput
                        size="xs"
                        placeholder="한국어"
                        {...form.getInputProps(`${set}.${i}.name.ko`)}
                      />
                      <TextInput
                        size="xs"
                        placeholder="English"
                        {...form.getInputProps(`${set}.${i}.name.en`)}
                      />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      w={120}
                      data-testid={`${set}-${i}-key`}
                      {...form.getInputProps(`${set}.${i}.key`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <TextInput
                        size="xs"
                        placeholder="한국어"
                        {...form.getInputProps(`${set}.${i}.description.ko`)}
                      />
                      <TextInput
                        size="xs"
                        placeholder="English"
                        {...form.getInputProps(`${set}.${i}.description.en`)}
                      />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {num(i, 'default')}
                    {rangeError && (
                      <Text size="xs" c="red" maw={280} mt={2} data-param-error>
                        {rangeError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{num(i, 'min')}</Table.Td>
                  <Table.Td>{num(i, 'max')}</Table.Td>
                  <Table.Td>
                    <Checkbox {...form.getInputProps(`${set}.${i}.integer`, { type: 'checkbox' })} />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('common.delete')}
                      onClick={() => form.removeListItem(set, i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {typeof form.errors[set] === 'string' && (
        <Text size="xs" c="red">
          {form.errors[set]}
        </Text>
      )}
    </Stack>
  );
}
