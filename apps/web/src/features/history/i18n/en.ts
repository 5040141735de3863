// English texts of the history pages: the same keys as ko.ts (checked by the compiler).
import type { SameKeys } from '../../../i18n/texts-shape';
import type ko from './ko';

const en: SameKeys<typeof ko> = {
  history: {
    title: 'Change history',
    at: 'When',
    actor: 'By',
    action: 'Action',
    entity: 'Entity type',
    target: 'Target',
    search: 'Search',
    searchPlaceholder: 'Action, target, person',
    from: 'From',
    to: 'To',
    empty: 'No changes recorded.',
    system: 'System',
    memberRef: 'Project #{{projectId}} · user #{{userId}}',
    entities: {
      company: 'Company',
      project: 'Project',
      line: 'Line',
      user: 'User',
      participant: 'Participant',
      manager: 'Project admin',
      resetRequest: 'Password-reset request',
      algorithm: 'Algorithm',
    },
    actions: {
      company_create: 'Company registered',
      company_update: 'Company renamed',
      project_create: 'Project registered',
      project_update: 'Project edited',
      line_create: 'Line added',
      line_update: 'Line edited',
      line_delete: 'Line deleted',
      user_create: 'User registered',
      user_update: 'User edited',
      user_defaultProject: 'Default project changed',
      participant_add: 'Participant added',
      participant_permissions: 'Permissions changed',
      participant_remove: 'Participant removed',
      manager_add: 'Admin added',
      manager_remove: 'Admin removed',
      resetRequest_create: 'Password reset requested',
      resetRequest_reset: 'Password reset',
      resetRequest_invalid: 'Reset marked not possible',
      algorithm_create: 'Algorithm registered',
      algorithm_update: 'Algorithm edited',
      algorithm_delete: 'Algorithm deleted',
      algorithm_description: 'Description document changed',
    },
  },
};

export default en;
