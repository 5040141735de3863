// The fields of a new account inside a larger form (participant add, user create): ID with its
// duplicate check, a password with a generator, name, department, trial flag and expiry date.
import { Button, Checkbox, Group, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { generatePassword } from '@sightline/domain';
import { checkUsername } from '../api/users';
import { DuplicateCheckInput } from '../../../components/DuplicateCheckInput';
import { fromDateValue, toDateValue } from '../../../utils/dates';
import { usernameProblem } from '../../../utils/identifier-codes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = UseFormReturnType<any>;

interface Props {
  form: AnyForm;
  /** Path prefix of the account fields in the form ('' or 'user.'). */
  prefix: string;
  checkedUsername: string | null;
  onChecked: (v: string | null) => void;
  showTrial?: boolean;
  /** Lets a project manager (not an admin) run the check for their project. */
  projectId?: number;
}

export function NewAccountFields({
  form,
  prefix,
  checkedUsername,
  onChecked,
  showTrial = true,
  projectId,
}: Props) {
  const { t } = useTranslation('admin');
  const path = (f: string) => `${prefix}${f}`;
  const value = (f: string) => form.getInputProps(path(f)).value;
  return (
    <>
      <DuplicateCheckInput
        label={t('user.username')}
        field="username"
        testId="user-username"
        value={value('username') ?? ''}
        onChange={(v) => form.setFieldValue(path('username'), v)}
        localCheck={usernameProblem}
        remoteCheck={(v) => checkUsername(v, projectId)}
        checked={checkedUsername !== null && checkedUsername === value('username')}
        onChecked={onChecked}
        error={form.errors[path('username')]}
      />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <PasswordInput
          label={t('user.password')}
          withAsterisk
          style={{ flex: 1 }}
          description={t('user.passwordRule')}
          data-testid="user-password"
          {...form.getInputProps(path('password'))}
        />
        <Button variant="default" onClick={() => form.setFieldValue(path('password'), generatePassword())}>
          {t('user.generatePassword')}
        </Button>
      </Group>
      <SimpleGrid cols={2}>
        <TextInput
          label={t('user.name')}
          withAsterisk
          data-testid="user-name"
          {...form.getInputProps(path('name'))}
        />
        <TextInput
          label={t('user.department')}
          withAsterisk
          data-testid="user-department"
          {...form.getInputProps(path('department'))}
        />
      </SimpleGrid>
      {showTrial && (
        <Group align="flex-end">
          <Checkbox label={t('user.trial')} {...form.getInputProps(path('isTrial'), { type: 'checkbox' })} />
          {value('isTrial') && (
            <DateInput
              label={t('user.expiresAt')}
              withAsterisk
              valueFormat="YYYY-MM-DD"
              value={toDateValue(value('expiresAt'))}
              onChange={(d) => form.setFieldValue(path('expiresAt'), fromDateValue(d))}
              error={form.errors[path('expiresAt')]}
            />
          )}
        </Group>
      )}
    </>
  );
}
