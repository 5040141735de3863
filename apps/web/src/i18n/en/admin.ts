// Namespace 'admin' in English: the same keys as ko/admin.ts (checked by the compiler).
import type { AdminTexts } from '../ko/admin';
import type { SameKeys } from '../texts-shape';
import dashboard from '../../features/dashboard/i18n/en';
import history from '../../features/history/i18n/en';
import company from '../../features/company/i18n/en';
import project from '../../features/project/i18n/en';
import line from '../../features/line/i18n/en';
import participant from '../../features/participant/i18n/en';
import user from '../../features/user/i18n/en';
import resetRequest from '../../features/reset-request/i18n/en';
import algorithm from '../../features/algorithm/i18n/en';

const en: SameKeys<AdminTexts> = {
  common: {
    all: 'All',
    available: 'Available.',
    cancel: 'Cancel',
    checkFirst: 'Please run the duplicate check first.',
    copied: 'Copied',
    copy: 'Copy',
    createdAt: 'Registered',
    updatedAt: 'Updated',
    delete: 'Delete',
    deleted: 'Deleted.',
    duplicateCheck: 'Check duplicates',
    edit: 'Edit',
    fixErrors: 'Please check what you entered.',
    no: 'No',
    yes: 'Yes',
    save: 'Save',
    saved: 'Saved.',
    search: 'Search',
    searchPlaceholder: 'Enter a search term',
    select: 'Select',
  },
  roles: { 1: 'System admin', 2: 'Service admin', 3: 'Company admin', 4: 'User', 5: 'Trial user' },
  permission: { label: 'Permissions', editTitle: 'Edit permissions', 1: 'Training', 2: 'Monitoring' },
  fieldLabels: {
    kind: 'a type',
    engineKey: 'an engine algorithm',
    roleId: 'a role',
    name: 'a name',
    companyName: 'the company name',
    lineName: 'the line name',
    lineCode: 'the line code',
    projectCode: 'the project code',
    algorithmName: 'the algorithm name',
  },
  ...dashboard,
  ...history,
  ...company,
  ...project,
  ...line,
  ...participant,
  ...user,
  ...resetRequest,
  ...algorithm,
};

export default en;
