export * from './endpoint';
export * from './file';
export * from './task';
export * from './offline';
export * from './upload';
export * from './drive';
export * from './catalogue';
