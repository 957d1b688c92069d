export * from './common';
export * from './user';
export * from './wallet';
export * from './transaction';
export * from './admin';
export * from './releases';
export * from './insights';
