// The public runtime configuration (GET /api/config), loaded once before the app renders.
import { PRODUCT_NAMES, type ProductName } from '@sightline/domain';

export interface AppConfig {
  productName: ProductName;
  ssl: boolean;
  maintenance: boolean;
}

export const DEFAULT_CONFIG: AppConfig = { productName: 'onprem', ssl: false, maintenance: false };

let current: AppConfig = DEFAULT_CONFIG;

/** The configuration the app booted with; the API client reads `ssl` from here. */
export const getAppConfig = (): AppConfig => current;

/** The server answers either a flag or the window {start, end, active, applies}. */
function isMaintenanceActive(m: boolean | { active?: boolean; applies?: boolean } | undefined): boolean {
  if (typeof m === 'object' && m) return Boolean(m.active);
  return Boolean(m);
}

/** Reads /api/config; any failure keeps the on-premise default so the login page still renders. */
export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  try {
    const res = await fetchImpl('/api/config');
    if (!res.ok) return current;
    const body = (await res.json()) as { data?: Record<string, unknown> } & Record<string, unknown>;
    const raw = (body.data ?? body) as {
      product_name?: string;
      ssl?: boolean;
      maintenance?: boolean | { active?: boolean; applies?: boolean };
    };
    const productName = (PRODUCT_NAMES as readonly string[]).includes(raw.product_name ?? '')
      ? (raw.product_name as ProductName)
      : 'onprem';
    current = { productName, ssl: Boolean(raw.ssl), maintenance: isMaintenanceActive(raw.maintenance) };
  } catch {
    // Network failure: keep defaults.
  }
  return current;
}
