// English texts of the line pages: the same keys as ko.ts (checked by the compiler).
import type { SameKeys } from '../../../i18n/texts-shape';
import type ko from './ko';

const en: SameKeys<typeof ko> = {
  line: {
    title: 'Inspection lines',
    add: 'Add line',
    addTitle: 'Add a line',
    editTitle: 'Edit line',
    code: 'Line code',
    name: 'Line name',
    productName: 'Product name',
    processName: 'Process name',
    empty: 'No lines registered.',
    removeTitle: 'Delete line',
    removeConfirm: 'Delete the line {{name}}?',
  },
};

export default en;
