// English texts of the my area (my info, usage projects).
import type { SameKeys } from '../../../i18n/texts-shape';
import type { MyTexts } from './my.ko';

const en: SameKeys<MyTexts> = {
  cancel: 'Cancel',
  save: 'Save',
  saved: 'Saved.',
  info: {
    title: 'My info',
    changePassword: 'Change password',
    projects: 'My projects',
    noProjects: 'You take part in no project. Please ask the administrator to add you to one.',
  },
  defaultProject: {
    title: 'Default project',
    label: 'Default project',
    none: 'None',
    noProjects: 'Not taking part in any project.',
  },
  usage: {
    title: 'Projects in use',
    status: 'Status',
    unlimited: 'Open-ended',
    expired: 'Expired',
    daysLeft_one: '{{count}} day left',
    daysLeft_other: '{{count}} days left',
    myPermissions: 'My permissions',
    empty: 'No projects in use.',
  },
};

export default en;
