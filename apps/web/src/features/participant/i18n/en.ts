// English texts of the participant pages: the same keys as ko.ts (checked by the compiler).
import type { SameKeys } from '../../../i18n/texts-shape';
import type ko from './ko';

const en: SameKeys<typeof ko> = {
  participant: {
    title: 'Participants',
    add: 'Add participant',
    addTitle: 'Add a participant',
    added: 'The participant was added.',
    existingUser: 'Existing user',
    newUser: 'New user',
    joinedAt: 'Joined',
    empty: 'No participants.',
    removeTitle: 'Remove participant',
    removeConfirm: 'Remove {{name}} from the project?',
  },
  manager: {
    title: 'Project admins',
    badge: 'Admin',
    add: 'Add admin',
    addTitle: 'Add an administrator',
    added: 'The administrator was added.',
    byId: 'or add by ID',
    help: 'Project admins manage participants and lines. An account that is not yet a participant joins with training and monitoring permissions.',
    empty: 'No project admins assigned.',
    remove: 'Remove admin',
    removeConfirm: 'Remove the admin role of {{name}}? (They stay a participant.)',
  },
};

export default en;
