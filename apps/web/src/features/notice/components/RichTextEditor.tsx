// A small rich-text editor (contentEditable + the browser's editing commands): headings, bold, italic,
// underline, lists, quote, links. Whatever it produces is sanitised again by the server before storing.
import { ActionIcon, Group, Input, Paper, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconBlockquote,
  IconClearFormatting,
  IconH2,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconUnderline,
} from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  value: string;
  onChange(html: string): void;
  error?: ReactNode;
}

export function RichTextEditor({ label, value, onChange, error }: Props) {
  const { t } = useTranslation('notice');
  const ref = useRef<HTMLDivElement>(null);
  // The DOM owns the text while editing; only outside changes (loading a notice) are written in.
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);
  const run = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    onChange(ref.current?.innerHTML ?? '');
  };
  const tool = (key: string, icon: ReactNode, command: string, arg?: string) => (
    <Tooltip label={t(`editor.${key}`)} key={key}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t(`editor.${key}`)}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          if (command === 'createLink') {
            const url = window.prompt(t('editor.linkPrompt'), 'https://');
            if (url) run(command, url);
          } else run(command, arg);
        }}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Input.Wrapper label={label} error={error}>
      <Paper withBorder radius="md">
        <Group gap={2} p={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          {tool('heading', <IconH2 size={16} />, 'formatBlock', 'h2')}
          {tool('bold', <IconBold size={16} />, 'bold')}
          {tool('italic', <IconItalic size={16} />, 'italic')}
          {tool('underline', <IconUnderline size={16} />, 'underline')}
          {tool('bullets', <IconList size={16} />, 'insertUnorderedList')}
          {tool('numbers', <IconListNumbers size={16} />, 'insertOrderedList')}
          {tool('quote', <IconBlockquote size={16} />, 'formatBlock', 'blockquote')}
          {tool('link', <IconLink size={16} />, 'createLink')}
          {tool('clear', <IconClearFormatting size={16} />, 'removeFormat')}
        </Group>
        <div
          ref={ref}
          contentEditable
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          data-testid="notice-editor"
          suppressContentEditableWarning
          onInput={(e) => onChange((e.target as HTMLDivElement).innerHTML)}
          style={{ minHeight: 220, padding: 12, outline: 'none', lineHeight: 1.6 }}
        />
      </Paper>
    </Input.Wrapper>
  );
}
