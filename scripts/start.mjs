#!/usr/bin/env node
// `npm start`: everything in one command on http://localhost:3000 (Ctrl-C stops it all).
import { StackError, startStack } from './stack.mjs';

const log = (line) => process.stderr.write(`${line}\n`);
let stack;
let exiting = false;
const shutdown = async (code = 0) => {
  if (exiting) return;
  exiting = true;
  log('Stopping …');
  await stack?.stop();
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  stack = await startStack({ log, onUnexpectedExit: () => void shutdown(1) });
  log(`\nWinRound is running on ${stack.url}  (API docs: ${stack.url}/api/docs)  — press Ctrl-C to stop.\n`);
} catch (error) {
  log(error instanceof StackError ? error.message : (error?.stack ?? String(error)));
  process.exit(1);
}
