// Types of deploy/server-deps.mjs for the TypeScript specs that drive it.
export const ROOT: string;
export const SERVER_SOURCES: string[];
export const LOADED_BY_NAME: string[];
export function packageOf(specifier: string): string | null;
export function importedPackages(paths: string[], root?: string): Set<string>;
export function closure(
  lock: { packages: Record<string, any> },
  roots: string[],
): { paths: string[]; missing: string[] };
export function serverDependencies(root?: string): {
  roots: string[];
  paths: string[];
  missing: string[];
  undeclared: string[];
};
