// Mantine themes per product-name setting (SPEC §1): onprem (default), telecom and cloud.
import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { ProductName } from '@sightline/domain';
import { crimson, NAMED_COLORS } from './palette';

/** What differs between the three product themes besides menus (menus come from navigationFor). */
export interface ProductLook {
  headerBg: string;
  headerFg: string;
  navBg: string;
  brand: string;
}

const LOOKS: Record<ProductName, ProductLook> = {
  onprem: { headerBg: '#ffffff', headerFg: '#1f2a44', navBg: '#1f2a44', brand: 'Sightline' },
  telecom: { headerBg: '#1f2a44', headerFg: '#ffffff', navBg: '#161e31', brand: 'Sightline' },
  cloud: { headerBg: '#ffffff', headerFg: '#1f2a44', navBg: '#2b1a22', brand: 'Sightline Cloud' },
};

export const lookFor = (product: ProductName): ProductLook => LOOKS[product] ?? LOOKS.onprem;

export function buildTheme(product: ProductName): MantineThemeOverride {
  return createTheme({
    primaryColor: 'crimson',
    primaryShade: { light: 7, dark: 6 },
    colors: { crimson },
    defaultRadius: 'md',
    fontFamily:
      "Pretendard, 'Noto Sans KR', 'Apple SD Gothic Neo', 'Malgun Gothic', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif",
    headings: { fontWeight: '700' },
    other: { product, look: lookFor(product) },
  });
}

/** CSS variables for the named colours and the product look, readable from plain CSS. */
export function cssVariablesFor(product: ProductName): CSSVariablesResolver {
  const look = lookFor(product);
  const named = Object.fromEntries(Object.entries(NAMED_COLORS).map(([k, v]) => [`--sl-${k}`, v]));
  return () => ({
    variables: {
      ...named,
      '--sl-header-bg': look.headerBg,
      '--sl-header-fg': look.headerFg,
      '--sl-nav-bg': look.navBg,
    },
    light: {},
    dark: {},
  });
}
