export * from './display-mode';
export * from './enums';
export * from './errors';
export * from './file-kind';
export * from './locales';
export * from './messages';
export * from './units';
export * from './api-paths';
