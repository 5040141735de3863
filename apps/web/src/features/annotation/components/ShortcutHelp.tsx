// The help overlay of keyboard shortcuts ('?' toggles it).
import { Kbd, Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ToolType } from '../canvas/types';
import { TOOL_KEYS } from '../utils/shortcuts';

export function ShortcutHelp({
  opened,
  onClose,
  cf,
  tools = [],
}: {
  opened: boolean;
  onClose(): void;
  cf: boolean;
  tools?: ToolType[];
}) {
  const { t } = useTranslation('annotation');
  const rows: Array<[string, string]> = cf
    ? [
        [t('shortcuts.cfAssign'), '1 … 9, 0'],
        [t('shortcuts.cfSelect'), '← → ↑ ↓  Shift  Ctrl+A'],
        [t('shortcuts.nextPrev'), 'D / A'],
        [t('shortcuts.help'), '?'],
      ]
    : [
        ...TOOL_KEYS.filter(([tool]) => tools.includes(tool)).map(([tool, key]): [string, string] => [
          `${t('shortcuts.tools')}: ${t(`tools.${tool}`)}`,
          key.toUpperCase(),
        ]),
        [t('shortcuts.classes'), '1 … 9, 0'],
        [t('shortcuts.nextPrev'), 'D / A'],
        [t('shortcuts.undoRedo'), 'Ctrl+Z / Ctrl+Shift+Z'],
        [t('shortcuts.zoom'), 'Ctrl+Wheel, Num + / Num −'],
        [t('shortcuts.fit'), 'F'],
        [t('shortcuts.apply'), 'Enter'],
        [t('shortcuts.cancel'), 'Esc'],
        [t('shortcuts.remove'), 'Delete / Backspace'],
        [t('shortcuts.points'), 'Shift / Alt'],
        [t('shortcuts.brush'), '[ / ]'],
        [t('shortcuts.help'), '?'],
      ];
  return (
    <Modal opened={opened} onClose={onClose} title={t('helpTitle')} size="lg" data-testid="shortcut-help">
      <Table striped>
        <Table.Tbody>
          {rows.map(([label, key]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td>
                <Kbd>{key}</Kbd>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
