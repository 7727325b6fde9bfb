// Types of seed-players.mjs for the TypeScript specs.
export const DEFAULT_OUT: string;
