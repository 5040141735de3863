// /admin/notice/create, /admin/notice/{id}/edit and their /admin/notice/company/… twins: title, rich text,
// category, scope (the company pages choose a company or a department of one), pinned, attachments.
// Attachments upload after the notice is saved (they belong to a notice id).
import {
  ActionIcon,
  Checkbox,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Button,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { NoticeAttachment } from '@sightline/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { FormActions } from '../../../components/FormActions';
import { PageFrame } from '../../../components/PageFrame';
import { SearchSelect } from '../../../components/SearchSelect';
import { flash } from '../../../components/flash';
import { showServerError } from '../../../forms/server-error';
import { useCompanyOptions } from '../../company/api/companies';
import {
  createNotice,
  deleteAttachment,
  noticeKeys,
  updateNotice,
  uploadAttachment,
  useNotice,
  type NoticeForm,
} from '../api/notices.api';
import { RichTextEditor } from '../components/RichTextEditor';

const EMPTY: NoticeForm = {
  title: '',
  content: '',
  category: 'notice',
  scope: 'all',
  company_id: null,
  department: null,
  pinned: false,
};

export default function NoticeFormPage() {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const company = useLocation().pathname.startsWith('/admin/notice/company');
  const base = company ? '/admin/notice/company' : '/admin/notice';
  const existing = useNotice(id);
  const companies = useCompanyOptions();
  const [files, setFiles] = useState<File[]>([]);
  const [kept, setKept] = useState<NoticeAttachment[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const form = useForm<NoticeForm>({
    initialValues: { ...EMPTY, scope: company ? 'company' : 'all' },
    validate: {
      title: (v) => (v.trim() ? null : t('form.titleRequired')),
      company_id: (v, all) => (all.scope !== 'all' && !v ? t('form.companyRequired') : null),
      department: (v, all) =>
        all.scope === 'department' && !v?.trim() ? t('form.departmentRequired') : null,
    },
  });
  const loaded = existing.data;
  useEffect(() => {
    if (!loaded) return;
    form.setValues({
      title: loaded.title,
      content: loaded.content,
      category: loaded.category,
      scope: loaded.scope,
      company_id: loaded.company_id,
      department: loaded.department,
      pinned: loaded.pinned,
    });
    setKept(loaded.attachments);
    // Loaded once per notice: later edits stay in the form.
  }, [loaded?.id]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const body = {
        ...values,
        company_id: values.scope === 'all' ? null : values.company_id,
        department: values.scope === 'department' ? values.department : null,
      };
      const saved = id ? await updateNotice(id, body) : await createNotice(body);
      for (const a of removed) await deleteAttachment(saved.id, a);
      for (const f of files) await uploadAttachment(saved.id, f);
      await qc.invalidateQueries({ queryKey: noticeKeys.all });
      flash('success', t('form.saved'));
      void navigate(`${base}/${saved.id}`);
    } catch (err) {
      showServerError(form, err);
    } finally {
      setSaving(false);
    }
  });

  return (
    <PageFrame
      title={id ? t('form.editTitle') : t('form.createTitle')}
      back={{ to: base, label: company ? t('admin.companyTitle') : t('admin.title') }}
      testId="notice-form"
    >
      <Paper withBorder radius="lg" p="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('title')}
              withAsterisk
              data-testid="notice-title-input"
              {...form.getInputProps('title')}
            />
            <Group>
              <SegmentedControl
                data={[
                  { value: 'notice', label: t('category.notice') },
                  { value: 'cs', label: t('category.cs') },
                ]}
                {...form.getInputProps('category')}
              />
              <Checkbox label={t('form.pinned')} {...form.getInputProps('pinned', { type: 'checkbox' })} />
            </Group>
            {company && (
              <Group align="flex-end">
                <SegmentedControl
                  data={[
                    { value: 'company', label: t('scope.company') },
                    { value: 'department', label: t('scope.department') },
                  ]}
                  {...form.getInputProps('scope')}
                  data-testid="notice-scope-input"
                />
                <SearchSelect
                  label={t('form.company')}
                  width="medium"
                  data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                  value={form.values.company_id ? String(form.values.company_id) : null}
                  onChange={(v: string | null) => form.setFieldValue('company_id', v ? Number(v) : null)}
                  error={form.errors.company_id}
                  data-testid="notice-company-input"
                />
                {form.values.scope === 'department' && (
                  <TextInput
                    label={t('form.department')}
                    {...form.getInputProps('department')}
                    value={form.values.department ?? ''}
                  />
                )}
              </Group>
            )}
            <RichTextEditor
              label={t('content')}
              value={form.values.content}
              onChange={(html) => form.setFieldValue('content', html)}
              error={form.errors.content}
            />
            <Stack gap={6}>
              <Group>
                <Text size="sm" fw={500}>
                  {t('attachments')}
                </Text>
                <FileButton multiple onChange={(f) => setFiles((old) => [...old, ...f])}>
                  {(props) => (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconPaperclip size={14} />}
                      {...props}
                    >
                      {t('form.addFile')}
                    </Button>
                  )}
                </FileButton>
              </Group>
              {kept
                .filter((a) => !removed.includes(a.id))
                .map((a) => (
                  <Group key={a.id} gap="xs">
                    <Text size="sm">{a.file_name}</Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('form.removeFile')}
                      onClick={() => setRemoved((r) => [...r, a.id])}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Group>
                ))}
              {files.map((f, i) => (
                <Group key={`${f.name}-${i}`} gap="xs" data-testid="notice-new-file">
                  <Text size="sm">{f.name}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('form.removeFile')}
                    onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
            <FormActions onCancel={() => void navigate(base)} saving={saving} saveTestId="notice-save" />
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
