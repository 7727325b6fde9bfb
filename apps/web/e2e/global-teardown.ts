/** Teardown happens in the function global-setup returns; this file keeps the config explicit. */
export default async function globalTeardown(): Promise<void> {}
