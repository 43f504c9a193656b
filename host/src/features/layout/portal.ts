export const PORTAL_NAME = 'Rugged Device Service Portal';
