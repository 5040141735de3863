// English texts of the project pages: the same keys as ko.ts (checked by the compiler).
import type { SameKeys } from '../../../i18n/texts-shape';
import type ko from './ko';

const en: SameKeys<typeof ko> = {
  project: {
    listTitle: 'Projects',
    create: 'Register project',
    createTitle: 'Register a project',
    editTitle: 'Edit project',
    created: 'The project was registered.',
    code: 'Project code',
    codeFixed: 'A project code cannot be changed after registration.',
    title: 'Project name',
    company: 'Company',
    description: 'Description',
    startDate: 'Usage start',
    endDate: 'Usage end',
    period: 'Usage period',
    unlimited: 'No limit',
    uploadLimit: 'Image upload limit',
    learningLimit: 'Learning count limit',
    lineCount: 'Lines',
    participantCount: 'Participants',
    search: 'Search projects',
    searchPlaceholder: 'Code or project name',
    empty: 'No projects.',
    selectTitle: 'Select a project',
  },
};

export default en;
