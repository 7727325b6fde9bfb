export const CHROMIUM_INSTALL_HINT: string;
export interface FoundChromium {
  path: string;
  /** Where it was found: 'CHROMIUM_PATH', '/usr/bin/chromium', 'chromium on the PATH', "Playwright's Chromium" … */
  source: string;
}
export interface ChromiumLookup {
  env?: NodeJS.ProcessEnv;
  exists?: (path: string) => boolean;
  which?: (binary: string) => string | null;
  bundled?: () => string | null;
}
export function playwrightChromium(): string | null;
export function findChromium(deps?: ChromiumLookup): FoundChromium | null;
export function ensureChromium(options?: {
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  find?: (deps?: ChromiumLookup) => FoundChromium | null;
  install?: () => Promise<{ ok: boolean; output: string }>;
}): Promise<FoundChromium>;
