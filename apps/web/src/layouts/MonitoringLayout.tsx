// Monitoring layout: line status, line report, inspection, inspection report, model history.
import { monitoringNav } from '../shell/nav/nav-items';
import { AppFrame } from './AppFrame';

export default function MonitoringLayout() {
  return <AppFrame nav={monitoringNav()} />;
}
