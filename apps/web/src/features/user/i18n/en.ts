// English texts of the user pages: the same keys as ko.ts (checked by the compiler).
import type { SameKeys } from '../../../i18n/texts-shape';
import type ko from './ko';

const en: SameKeys<typeof ko> = {
  defaultProject: {
    title: 'Default project',
    label: 'Default project',
    none: 'None',
    noProjects: 'Not taking part in any project.',
  },
  user: {
    listTitle: 'Users',
    create: 'Register user',
    createTitle: 'Register a user',
    editTitle: 'Edit user',
    created: 'The user was registered.',
    username: 'ID',
    password: 'Password',
    passwordRule: 'At least 10 letters and digits, or at least 8 letters, digits and special characters',
    generatePassword: 'Generate',
    newPassword: 'New password',
    newPasswordHelp: 'Leave empty to keep the current password.',
    name: 'Name',
    department: 'Department',
    role: 'Role',
    trial: 'Trial account',
    expiresAt: 'Expiry date',
    projects: 'Projects',
    addProject: 'Add project',
    chooseCompanyFirst: 'Please choose a company first.',
    noProjects: 'Not taking part in any project.',
    rename: 'Change name',
    resetByAdmin: 'Password state',
    mustChangePassword: 'Must change at next login',
    search: 'Search users',
    searchPlaceholder: 'ID, name, department',
    empty: 'No users.',
  },
};

export default en;
