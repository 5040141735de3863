// English texts of the company pages: the same keys as ko.ts (checked by the compiler).
import type { SameKeys } from '../../../i18n/texts-shape';
import type ko from './ko';

const en: SameKeys<typeof ko> = {
  company: {
    listTitle: 'Companies',
    create: 'Register company',
    createTitle: 'Register a company',
    created: 'The company was registered.',
    name: 'Company name',
    projectCount: 'Projects',
    lineCount: 'Lines',
    adminCount: 'Admins',
    userCount: 'Users',
    empty: 'No companies registered.',
    rename: 'Change company name',
    projectsTab: 'Projects',
    usersTab: 'Users',
    selectTitle: 'Select a company',
    choose: 'Choose company',
  },
};

export default en;
