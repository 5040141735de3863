// Page helpers shared by specs: screenshots into e2e/screenshots and picking a Mantine Select option.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export const SHOTS = join(import.meta.dirname, '..', 'screenshots');

/** A screenshot function writing `<SHOTS>/<prefix><name>.png` (it creates the folder once). */
export function screenshots(prefix = ''): (page: Page, name: string) => Promise<Buffer> {
  mkdirSync(SHOTS, { recursive: true });
  return (page, name) => page.screenshot({ path: join(SHOTS, `${prefix}${name}.png`) });
}

/** Picks an option of a Mantine Select by its visible label. */
export async function choose(page: Page, testId: string, label: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label }).first().click();
}
