export const ROOT: string;
export function documentationPages(root?: string): string[];
export function withoutFences(markdown: string): string;
export function githubSlug(heading: string): string;
export function headingAnchors(markdown: string): Set<string>;
export function linkTargets(markdown: string): { target: string; line: number }[];
export function isExternal(target: string): boolean;
export function npmScripts(markdown: string): { script: string; line: number }[];
export function pageProblems(page: string, root?: string): string[];
