export * from './render';
export * from './units';
