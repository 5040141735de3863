// A notice's body: HTML the server sanitised before storing it (no script, handler or javascript: link).
import { Typography } from '@mantine/core';

export function NoticeContent({ html }: { html: string }) {
  return (
    <Typography>
      <div data-testid="notice-content" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
