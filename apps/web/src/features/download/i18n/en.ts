// English texts of the download-request list.
import type { downloadKo } from './ko';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const downloadEn: Shape<typeof downloadKo> = {
  title: 'Download requests',
  tabs: { dataset: 'Dataset', result: 'Result' },
  refresh: 'Refresh',
  columns: {
    workName: 'Work name',
    fileName: 'File name',
    fileCount: 'Files',
    createdAt: 'Requested at',
    status: 'Status',
  },
  requesting: 'Requesting...',
  download: 'Download',
  removalBadge: 'Removed in {{days}} d',
  error: 'Error',
  empty: 'There are no download requests.',
  cancelNote:
    'Closing this window does not cancel requests in progress. Files are removed 3 days after they are created.',
  close: 'Close',
  progress: 'Progress {{value}}%',
};
