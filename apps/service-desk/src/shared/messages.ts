// The depot API's field messages (api/depot/depot, api/pkg/validate), word for word: the form
// checks first for the staff member's convenience, the server decides.
export const MSG = {
  required: 'Required',
  photoRequired: "Add at least one photo of the unit's condition",
  coverPhotos: 'Attach at least 2 photos of a finding that removes warranty cover',
  qaFailed: 'Every QA check must pass before the repair is recorded',
  uploading: 'Wait for the photos to finish uploading',
  quantity: 'Must be 1 to 99',
} as const;
