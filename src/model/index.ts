export * from './common';
export * from './citation';
export * from './person';
export * from './record';
export * from './research';
export * from './log';
export * from './review';
export * from './case-config';
