/** The drivers page's texts. */
export const COPY = {
  title: 'Drivers',
  intro: 'Drivers and software for the models of your units: the ones you registered and the ones you sent in for service.',
  loading: 'Loading the drivers…',
  loadFailed: 'The drivers could not be loaded.',
  retry: 'Try again',
  empty: 'There are no drivers to show yet: drivers are listed for the models of your units. Register a unit first.',
  registerLink: 'Register a unit',
  noDrivers: 'No drivers are published for this model yet.',
  releaseNotes: 'Release notes',
  download: 'Download',
  downloading: 'Downloading…',
  copy: 'Copy',
  copied: 'Checksum copied.',
  copyFailed: 'The checksum could not be copied: select it and copy it by hand.',
  downloadFailed: (name: string) => `${name} could not be downloaded. Please try again.`,
} as const;
