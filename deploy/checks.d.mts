// Types of deploy/checks.mjs for the TypeScript specs that drive it.
export const ROOT: string;
export const ANNOUNCED_METRICS: string[];
export const PROMETHEUS_SERIES: string[];
export function pinnedTag(image: string): boolean;
export function renderCompose(root?: string): any;
export function composeProblems(compose: any, options?: { version?: string }): string[];
export function dockerfileBases(text: string): Array<{ image: string; stage: string | null }>;
export function dockerfileProblems(text: string): string[];
export function registeredMetrics(root?: string): Set<string>;
export function defaultMetrics(): Promise<Set<string>>;
export function metricsOf(expr: string): string[];
export function expressionProblems(exprs: Array<{ where: string; expr: unknown }>, known: Set<string>): string[];
export function knownMetrics(root?: string): Promise<Set<string>>;
export function alertRules(root?: string): Array<{
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  group: string;
}>;
export const RUNBOOK: string;
export function alertProblems(rules: any[], known: Set<string>, runbook: string): string[];
export function dashboardExpressions(dashboard: any): Array<{ where: string; expr: string; datasource: any }>;
export function dashboardProblems(dashboard: any, known: Set<string>, datasourceUids: Set<string>): string[];
export function allProblems(root?: string): Promise<string[]>;
