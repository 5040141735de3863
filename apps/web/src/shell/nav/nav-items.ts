// Side-navigation content per layout, role and product (SPEC §2, §6), driven by navigationFor().
import {
  IconActivity,
  IconBrain,
  IconBell,
  IconBox,
  IconBuilding,
  IconChartBar,
  IconChartPie,
  IconChartLine,
  IconDatabase,
  IconDeviceDesktopAnalytics,
  IconFolders,
  IconHeadset,
  IconHistory,
  IconLayoutDashboard,
  IconPencil,
  IconReportAnalytics,
  IconSchool,
  IconSearch,
  IconSpeakerphone,
  IconTimeline,
  IconTransform,
  IconUser,
  IconUsers,
  IconWand,
  type Icon,
} from '@tabler/icons-react';
import { navigationFor, type ProductName, type RoleId } from '@sightline/domain';

export interface NavItem {
  key: string;
  label: string;
  to: string;
  icon: Icon;
  /** Extra rule for the active highlight besides the path prefix. */
  activeWhen?: (path: string) => boolean;
  exact?: boolean;
}
export interface NavSection {
  key: string;
  label?: string;
  items: NavItem[];
}

export function adminNav(): NavSection[] {
  return [
    {
      key: 'admin',
      items: [
        {
          key: 'dashboard',
          label: 'nav:dashboard',
          to: '/admin',
          icon: IconLayoutDashboard,
          exact: true,
          activeWhen: (p) => p.includes('history'),
        },
        { key: 'company', label: 'nav:company', to: '/admin/company', icon: IconBuilding },
        { key: 'project', label: 'nav:project', to: '/admin/project', icon: IconFolders },
        { key: 'user', label: 'nav:user', to: '/admin/user', icon: IconUsers },
        { key: 'algorithm', label: 'nav:algorithm', to: '/admin/algorithm', icon: IconBrain },
        { key: 'notice', label: 'nav:notice', to: '/admin/notice', icon: IconSpeakerphone },
      ],
    },
  ];
}

export function monitoringNav(): NavSection[] {
  return [
    {
      key: 'monitoring',
      label: 'nav:monitoring',
      items: [
        {
          key: 'lineStatus',
          label: 'nav:lineStatus',
          to: '/monitoring',
          icon: IconDeviceDesktopAnalytics,
          exact: true,
        },
        { key: 'lineReport', label: 'nav:lineReport', to: '/monitoring/line', icon: IconChartLine },
        {
          key: 'inspection',
          label: 'nav:inspection',
          to: '/monitoring/inspection',
          icon: IconSearch,
          activeWhen: (p) =>
            p.startsWith('/monitoring/inspection') && !p.startsWith('/monitoring/inspection/report'),
          exact: true,
        },
        {
          key: 'inspectionReport',
          label: 'nav:inspectionReport',
          to: '/monitoring/inspection/report',
          icon: IconReportAnalytics,
        },
        {
          key: 'modelHistory',
          label: 'nav:modelHistory',
          to: '/monitoring/model-history',
          icon: IconHistory,
        },
      ],
    },
  ];
}

/** The default layout's navigation: train, monitoring, my area, usage, notices, admin, cs. */
export function defaultNav(roleId: RoleId, product: ProductName): NavSection[] {
  const n = navigationFor({ roleId }, product);
  const sections: NavSection[] = [
    {
      key: 'train',
      label: 'nav:train',
      items: [
        {
          key: 'dataset',
          label: 'nav:dataset',
          to: '/train/dataset',
          icon: IconDatabase,
          activeWhen: (p) => p === '/train',
        },
        { key: 'processing', label: 'nav:processing', to: '/train/processing', icon: IconTransform },
        { key: 'learning', label: 'nav:learning', to: '/train/learning', icon: IconSchool },
        { key: 'inference', label: 'nav:inference', to: '/train/inference', icon: IconWand },
      ],
    },
    {
      key: 'monitoring',
      label: 'nav:monitoring',
      items: [{ key: 'monitoring', label: 'nav:monitoring', to: '/monitoring', icon: IconActivity }],
    },
  ];
  const my: NavItem[] = [];
  if (n.myInfo) my.push({ key: 'myInfo', label: 'nav:myInfo', to: '/my', icon: IconUser, exact: true });
  if (n.myProjects)
    my.push({ key: 'myProjects', label: 'nav:myProjects', to: '/my/projects', icon: IconBox });
  if (n.myUsers) my.push({ key: 'myUsers', label: 'nav:myUsers', to: '/my/user', icon: IconUsers });
  if (n.myStatistics)
    my.push({ key: 'myStatistics', label: 'nav:myStatistics', to: '/my/statistics', icon: IconChartPie });
  if (n.notifications)
    my.push({ key: 'notifications', label: 'nav:notifications', to: '/my/notifications', icon: IconBell });
  if (my.length) sections.push({ key: 'my', label: 'nav:my', items: my });

  const usage: NavItem[] = [];
  if (n.resourceMonitoring)
    usage.push({
      key: 'resourceMonitoring',
      label: 'nav:resourceMonitoring',
      to: '/resource-monitoring',
      icon: IconChartBar,
    });
  if (n.useHistory)
    usage.push({ key: 'useHistory', label: 'nav:useHistory', to: '/use-history', icon: IconTimeline });
  if (usage.length) sections.push({ key: 'usage', label: 'nav:usage', items: usage });

  const more: NavItem[] = [];
  if (n.notices) more.push({ key: 'notices', label: 'nav:notices', to: '/notices', icon: IconSpeakerphone });
  if (n.noticeAdmin)
    more.push({ key: 'noticeAdmin', label: 'nav:noticeAdmin', to: '/admin/notice', icon: IconPencil });
  if (n.customerService) more.push({ key: 'cs', label: 'nav:cs', to: '/cs', icon: IconHeadset });
  if (n.admin) more.push({ key: 'admin', label: 'nav:admin', to: '/admin', icon: IconLayoutDashboard });
  if (more.length) sections.push({ key: 'more', items: more });
  return sections;
}

export function isActive(item: NavItem, path: string): boolean {
  if (item.activeWhen?.(path)) return true;
  if (item.exact) return path === item.to;
  return path === item.to || path.startsWith(item.to + '/');
}
