import { createContext, useContext, type ReactNode } from 'react';
import type { AppConfig } from './app-config';
import { DEFAULT_CONFIG } from './app-config';

const Ctx = createContext<AppConfig>(DEFAULT_CONFIG);

export function AppConfigProvider({ value, children }: { value: AppConfig; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The product name, ssl flag and maintenance flag loaded at boot. */
export const useAppConfig = () => useContext(Ctx);
