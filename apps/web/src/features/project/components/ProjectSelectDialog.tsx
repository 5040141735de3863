// Project select dialog (SPEC §2 dialogs): search the projects of a company and choose one.
import { useTranslation } from 'react-i18next';
import type { ProjectRecord } from '@sightline/domain';
import { useProjectList } from '../api/projects';
import { PickerDialog } from '../../../components/PickerDialog';

interface Props {
  opened: boolean;
  onClose: () => void;
  onPick: (p: ProjectRecord) => void;
  companyId: number | null;
}

export function ProjectSelectDialog({ opened, onClose, onPick, companyId }: Props) {
  const { t } = useTranslation('admin');
  return (
    <PickerDialog<ProjectRecord>
      opened={opened}
      onClose={onClose}
      title={t('project.selectTitle')}
      useRows={useProjectList}
      extraQuery={companyId ? { companyId: String(companyId) } : undefined}
      rowKey={(p) => p.id}
      onPick={onPick}
      testId="project-select-dialog"
      columns={[
        { key: 'code', header: t('project.code'), render: (p) => p.code },
        { key: 'title', header: t('project.title'), render: (p) => p.title },
        { key: 'company', header: t('project.company'), render: (p) => p.company.name },
      ]}
    />
  );
}
