import type { HttpClient } from '../client';
import type {
  AccountProfile,
  Branch,
  BranchInput,
  Branches,
  ModelDrivers,
  Registration,
  RegistrationInput,
  UserSettings,
} from './types';

type Options = { signal?: AbortSignal };

export const ACCOUNT_USER_PATH = '/account-mgr/user';
export const BRANCHES_PATH = '/account-mgr/branches';
export const REGISTRATIONS_PATH = '/account-mgr/registrations';
export const DRIVERS_PATH = '/account-mgr/drivers';

/** The path of one branch or driver: ids are opaque, so they are escaped. */
const branchPath = (id: string) => `${BRANCHES_PATH}/${encodeURIComponent(id)}`;
export const driverDownloadPath = (id: string) => `${DRIVERS_PATH}/${encodeURIComponent(id)}/download`;

/**
 * The account service's settings calls (/account-mgr): the stored profile, the organization's
 * branches, unit registrations and the drivers of the caller's units. Failures reject with
 * ApiError (400 with `fields` for validation, 403 `account.noOrganization` for branches without
 * an organization, 409 `account.alreadyRegistered`).
 */
export interface AccountManagerClient {
  /** The profile as /me answers it, the stored contact and address winning over the provider's. */
  user(options?: Options): Promise<AccountProfile>;
  /** Stores the contact and shipping address; answers the merged profile. */
  saveUser(settings: UserSettings, options?: Options): Promise<AccountProfile>;
  branches(options?: Options): Promise<Branches>;
  createBranch(input: BranchInput, options?: Options): Promise<Branch>;
  updateBranch(id: string, input: BranchInput, options?: Options): Promise<Branch>;
  deleteBranch(id: string, options?: Options): Promise<void>;
  /** The caller's registered units and, for a member, the organization's. */
  registrations(options?: Options): Promise<Registration[]>;
  register(input: RegistrationInput, options?: Options): Promise<Registration>;
  /** The drivers of each model of the caller's units (registered or sent in). */
  drivers(options?: Options): Promise<ModelDrivers[]>;
  /** One driver's file, fetched with the bearer token. */
  downloadDriver(id: string, options?: Options): Promise<Blob>;
}

export function createAccountManagerClient(http: HttpClient): AccountManagerClient {
  return {
    user: (options) => http.request<AccountProfile>('GET', ACCOUNT_USER_PATH, { signal: options?.signal }),
    saveUser: (settings, options) =>
      http.request<AccountProfile>('POST', ACCOUNT_USER_PATH, { body: settings, signal: options?.signal }),
    async branches(options) {
      const answer = await http.request<Branches>('GET', BRANCHES_PATH, { signal: options?.signal });
      return { organization: answer.organization, branches: answer.branches ?? [] };
    },
    createBranch: (input, options) => http.request<Branch>('POST', BRANCHES_PATH, { body: input, signal: options?.signal }),
    updateBranch: (id, input, options) => http.request<Branch>('PUT', branchPath(id), { body: input, signal: options?.signal }),
    deleteBranch: (id, options) => http.request<void>('DELETE', branchPath(id), { signal: options?.signal }),
    async registrations(options) {
      const answer = await http.request<{ items: Registration[] | null }>('GET', REGISTRATIONS_PATH, { signal: options?.signal });
      return answer.items ?? [];
    },
    register: (input, options) => http.request<Registration>('POST', REGISTRATIONS_PATH, { body: input, signal: options?.signal }),
    async drivers(options) {
      const answer = await http.request<{ models: ModelDrivers[] | null }>('GET', DRIVERS_PATH, { signal: options?.signal });
      return (answer.models ?? []).map((model) => ({ ...model, drivers: model.drivers ?? [] }));
    },
    downloadDriver: (id, options) => http.blob(driverDownloadPath(id), { signal: options?.signal }),
  };
}
