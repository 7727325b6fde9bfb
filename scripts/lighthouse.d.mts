export const GATED: string[];
export const FLOOR: number;
export interface LighthousePage {
  name: string;
  url: string;
  signedIn: boolean;
  scores: Record<'performance' | 'accessibility' | 'best-practices', number | null>;
  metrics: { fcpMs: number | null; lcpMs: number | null; tbtMs: number | null; cls: number | null };
  failingAudits: string[];
}
export function readLighthouseReport(
  json: unknown,
): { passed: number; failed: number; skipped: number; todo: number; notRun: string[] } | null;
export function audit(options: { url: string; player: { email: string; password: string } }): Promise<LighthousePage[]>;
