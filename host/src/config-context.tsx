import { createContext, useContext } from 'react';

export interface HostSettings {
  /** Base URL of the API host ('' = same origin), for the connectivity check. */
  apiBaseUrl: string;
  /**
   * The remote's page the server put into the prerendered page at `path` (its PageSlot's HTML),
   * which the page at that path shows until its code is in.
   */
  prerenderedPage?: { path: string; html: string };
}

const HostSettingsContext = createContext<HostSettings>({ apiBaseUrl: '' });

export const HostSettingsProvider = HostSettingsContext.Provider;

export function useHostSettings(): HostSettings {
  return useContext(HostSettingsContext);
}
