// Line dropdown on monitoring pages (not in the on-premise theme). Choosing a line opens /monitoring.
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../components/SearchSelect';
import { chooseLine } from '../../session/session-actions';
import { useSession } from '../../session/store';

export function LineSelect() {
  const { t } = useTranslation();
  const project = useSession((s) => s.currentProject);
  const line = useSession((s) => s.currentLine);
  if (!project) return null;
  return (
    <SearchSelect
      width="small"
      size="sm"
      radius="xl"
      aria-label={t('common:project.selectLine')}
      placeholder={t('common:project.selectLine')}
      data-testid="line-select"
      value={line ? String(line.id) : null}
      data={project.lines.map((l) => ({
        value: String(l.id),
        label: l.name ?? l.title ?? l.code ?? String(l.id),
      }))}
      allowDeselect={false}
      onChange={(v) => {
        const l = project.lines.find((x) => String(x.id) === v);
        if (l) chooseLine(l);
      }}
    />
  );
}
