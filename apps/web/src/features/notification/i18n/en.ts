// English texts of the notification namespace (ko.ts has the same keys).
export const notificationEn = {
  title: 'Notifications',
  empty: 'There are no notifications.',
  markAllRead: 'Mark all as read',
  progress: 'Progress',
  project: 'project {{id}}',
  filter: { all: 'All', unread: 'Unread ({{count}})', read: 'Read' },
  status: { done: 'Done', in_progress: 'In progress' },
  jobStatus: {
    queued: 'Waiting',
    running: 'In progress',
    succeeded: 'Done',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
  type: {
    labeling: 'Labeling',
    compare_inference: 'Comparison inference',
    compare: 'Comparison evaluation',
    learning: 'Training',
    inference: 'Performance evaluation',
    monitoring: 'Monitoring alert',
  },
};
