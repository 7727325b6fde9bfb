export const COMPRESSIBLE: RegExp;
export const MIN_BYTES: number;
export function precompressDir(
  dir: string,
  options?: { minBytes?: number },
): { path: string; bytes: number; br: number; gzip: number }[];
