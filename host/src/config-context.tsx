import { createContext, useContext } from 'react';

export interface HostSettings {
  /** Base URL of the API host ('' = same origin), for the connectivity check. */
  apiBaseUrl: string;
}

const HostSettingsContext = createContext<HostSettings>({ apiBaseUrl: '' });

export const HostSettingsProvider = HostSettingsContext.Provider;

export function useHostSettings(): HostSettings {
  return useContext(HostSettingsContext);
}
