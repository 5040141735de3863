// Project search-select (home, train and monitoring pages). Choosing checks the project limit.
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../components/SearchSelect';
import { chooseProject } from '../../session/session-actions';
import { useSession } from '../../session/store';

export function ProjectSelect() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const current = useSession((s) => s.currentProject);
  const denied = useSession((s) => s.deniedProjectIds);
  if (!user) return null;
  return (
    <SearchSelect
      width="medium"
      size="sm"
      radius="xl"
      aria-label={t('common:project.select')}
      placeholder={t('common:project.search')}
      nothingFoundMessage={t('common:project.none')}
      data-testid="project-select"
      value={current ? String(current.id) : null}
      data={user.projects.map((p) => ({
        value: String(p.id),
        label: p.title,
        disabled: denied.includes(p.id),
      }))}
      allowDeselect={false}
      onChange={(v) => {
        const p = user.projects.find((x) => String(x.id) === v);
        if (p && p.id !== current?.id) void chooseProject(p);
      }}
    />
  );
}
