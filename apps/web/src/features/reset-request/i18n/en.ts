// English texts of the reset-request pages: the same keys as ko.ts (checked by the compiler).
import type { SameKeys } from '../../../i18n/texts-shape';
import type ko from './ko';

const en: SameKeys<typeof ko> = {
  reset: {
    listTitle: 'Password-reset requests',
    detailTitle: 'Handle a password-reset request',
    statusLabel: 'Status',
    status: { unprocessed: 'Unprocessed', changed: 'Changed', invalid: 'Not possible' },
    requestedAt: 'Requested',
    handledAt: 'Handled',
    handledBy: 'Handled by',
    unknownUser: 'Unregistered ID',
    empty: 'No password-reset requests.',
    reset: 'Issue temporary password',
    resetConfirm:
      'Reset the password of {{username}} to a temporary one? The user must change it at the next login.',
    resetDone: 'A temporary password was issued.',
    markInvalid: 'Not possible',
    invalidConfirm: 'Mark the request of {{username}} as not possible?',
    invalidDone: 'Marked as not possible.',
    temporaryTitle: 'Temporary password (shown only once)',
    temporaryHelp:
      'It cannot be shown again once you leave this page. Hand it over safely; the user must change it after logging in.',
  },
};

export default en;
