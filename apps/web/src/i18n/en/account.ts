// Change-password texts (English).
export default {
  changePassword: {
    title: 'Change password',
    subtitle: 'Change your password regularly to keep your account safe.',
    old: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    rule: 'At least 10 letters and digits, or at least 8 letters, digits and special characters',
    submit: 'Change password',
    done: 'Your password was changed.',
    oldRequired: 'Please enter your current password.',
    forced: 'Your password was reset by an administrator. Set a new password to continue.',
  },
  problems: {
    required: 'Please enter a new password.',
    weak: 'Use at least 10 letters and digits, or at least 8 letters, digits and special characters.',
    sameAsOld: 'The new password must differ from the old one.',
    mismatch: 'The passwords do not match.',
  },
};
