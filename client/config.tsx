import { createContext, useContext } from 'react';
import type { PublicConfig } from '../shared/config.ts';

/** The whitelisted public configuration (brand, company, social links, analytics id). */
const ConfigContext = createContext<PublicConfig | null>(null);

export const ConfigProvider = ConfigContext.Provider;

export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigProvider');
  return config;
}
