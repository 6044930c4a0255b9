export * from './airports.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './common/errors.ts';
export * from './common/pagination.ts';
export * from './common/validation.ts';
export * from './countries.ts';
export * from './webConfig.ts';
