export * from './errors';
export * from './locales';
export * from './messages';
