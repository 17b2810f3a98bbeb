export * from './verdict';
export * from './rules';
export * from './contradictions';
export * from './refine';
