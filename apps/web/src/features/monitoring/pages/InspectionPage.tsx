// /monitoring/inspection: the line's deployed model (deploy another), its API keys, links to the
// verification option, inspection report and sampling pages.
import { Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DeployPanel } from '../components/DeployPanel';
import { KeysPanel } from '../components/KeysPanel';
import { MonitoringFrame } from '../components/MonitoringFrame';
import { useMonitoringLine } from '../hooks/useMonitoringLine';

export default function InspectionPage() {
  const { t } = useTranslation('monitoring');
  const { project, lines, line, setLine } = useMonitoringLine();
  return (
    <MonitoringFrame
      title={t('inspection.title')}
      lines={lines}
      line={line}
      onLine={setLine}
      testId="inspection-page"
      actions={
        <Group gap="xs">
          <Button component={Link} to="/monitoring/inspection/option" variant="default">
            {t('inspection.option')}
          </Button>
          <Button component={Link} to="/monitoring/inspection/report" variant="default">
            {t('inspection.report')}
          </Button>
          <Button component={Link} to="/monitoring/inspection/sampling" variant="default">
            {t('inspection.sampling')}
          </Button>
        </Group>
      }
    >
      {project && line && (
        <Stack gap="md">
          <DeployPanel projectId={project.id} lineId={line.id} />
          <KeysPanel lineId={line.id} lineCode={line.code ?? ''} />
        </Stack>
      )}
    </MonitoringFrame>
  );
}
