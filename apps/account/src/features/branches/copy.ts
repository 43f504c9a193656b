/** The branches page's texts (spec messages come from @portal/forms). */
export const COPY = {
  title: 'Branches',
  intro: (organization: string) =>
    `The branches of ${organization}. Members choose one as the ship-from address and contact when they create an RMA.`,
  add: 'Add branch',
  addTitle: 'Add branch',
  editTitle: (name: string) => `Edit ${name}`,
  save: 'Save branch',
  saving: 'Saving…',
  cancel: 'Cancel',
  loading: 'Loading the branches…',
  empty: 'Your organization has no branches yet. Add one to ship from it.',
  noOrganization:
    'Branches belong to organizations, and your account is not a member of one. Ask your organization administrator to add you if you should be.',
  loadFailed: 'The branches could not be loaded.',
  retry: 'Try again',
  created: (name: string) => `Branch ${name} has been added.`,
  updated: (name: string) => `Branch ${name} has been saved.`,
  deleted: (name: string) => `Branch ${name} has been deleted.`,
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteBody: 'Members can no longer ship from it. RMAs already created keep their address.',
  deleteConfirm: 'Delete',
  networkFailed: 'The server could not be reached. Check your connection and try again.',
} as const;
