// Loading indicator that appears only after 400 ms (SPEC §9 popup delay), so fast loads never flash.
import { Center, Loader } from '@mantine/core';
import { POPUP_DELAY_MS } from '@sightline/domain';
import { useEffect, useState } from 'react';

export function Spinner({
  delayMs = POPUP_DELAY_MS,
  minHeight = 240,
}: {
  delayMs?: number;
  minHeight?: number | string;
}) {
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    const id = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(id);
  }, [delayMs]);
  return (
    <Center mih={minHeight} data-testid="spinner">
      {visible && <Loader color="crimson" type="dots" />}
    </Center>
  );
}
