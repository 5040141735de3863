// An ID or code input with its duplicate-check button (SPEC §5: IDs and project codes are checked
// before registration). The local rule runs first; only a well-formed value is sent to the server.
import { useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CheckAnswer } from '@sightline/domain';
import { translateIssue } from '../forms/form-resolver';
import { showServerError } from '../forms/server-error';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The domain rule for the field: an error code, or null when the value is well formed. */
  localCheck: (value: string) => string | null;
  remoteCheck: (value: string) => Promise<CheckAnswer>;
  /** Told the value that passed the check, or null whenever it changes. */
  onChecked: (value: string | null) => void;
  checked: boolean;
  error?: React.ReactNode;
  field: string;
  testId?: string;
}

export function DuplicateCheckInput(p: Props) {
  const { t } = useTranslation('admin');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const runCheck = async () => {
    const local = p.localCheck(p.value);
    if (local) {
      setProblem(translateIssue(local, p.field));
      p.onChecked(null);
      return;
    }
    setBusy(true);
    try {
      const answer = await p.remoteCheck(p.value);
      if (answer.available) {
        setProblem(null);
        p.onChecked(p.value);
      } else {
        setProblem(translateIssue(answer.code ?? 'CONFLICT', p.field));
        p.onChecked(null);
      }
    } catch (err) {
      showServerError(null, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={p.label}
          withAsterisk
          style={{ flex: 1 }}
          value={p.value}
          data-testid={p.testId}
          onChange={(e) => {
            p.onChange(e.currentTarget.value);
            setProblem(null);
            p.onChecked(null);
          }}
          error={problem ?? p.error}
        />
        <Button
          variant="default"
          mt={25}
          onClick={runCheck}
          loading={busy}
          data-testid={p.testId && `${p.testId}-check`}
        >
          {t('common.duplicateCheck')}
        </Button>
      </Group>
      {p.checked && !problem && (
        <Group gap={4} mt={4}>
          <IconCircleCheck size={14} color="var(--mantine-color-teal-6)" />
          <Text size="xs" c="teal">
            {t('common.available')}
          </Text>
        </Group>
      )}
    </div>
  );
}
