export * from './airports.ts';
export * from './audit.ts';
export * from './companies.ts';
export * from './countries.ts';
export * from './locations.ts';
export * from './settings.ts';
export * from './users.ts';
