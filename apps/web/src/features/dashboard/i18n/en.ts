// English texts of the dashboard pages: the same keys as ko.ts (checked by the compiler).
import type { SameKeys } from '../../../i18n/texts-shape';
import type ko from './ko';

const en: SameKeys<typeof ko> = {
  dashboard: {
    title: 'Dashboard',
    companies: 'Companies',
    projects: 'Projects',
    lines: 'Lines',
    users: 'Users',
    runningJobs: 'Running jobs',
    pendingResets: 'Open password-reset requests',
    recent: 'Recent changes',
    allHistory: 'View all history',
  },
};

export default en;
