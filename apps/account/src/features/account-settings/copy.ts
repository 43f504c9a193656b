/** The account-settings texts that are not spec messages (those come from @portal/forms). */
export const COPY = {
  title: 'Account Settings',
  intro:
    'Your contact details and shipping address are the defaults of every request you open here: create-rma, recycling and support.',
  emailHint: 'Your e-mail comes from your sign-in account and is changed there.',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Your settings have been saved. New requests use them from now on.',
  networkFailed: 'The server could not be reached. Check your connection and try again.',
} as const;
