import { apiConfigProblem, loadConfigOrExit } from '@app/config';
import { createApiApp } from './bootstrap.js';
import { StartupRefused } from './setup/startup-refused.js';

const config = loadConfigOrExit();
const problem = apiConfigProblem(config);
if (problem) {
  console.error(problem.message);
  process.exit(1);
}
const app = await createApiApp(config);
try {
  await app.listen(config.PORT, '0.0.0.0');
} catch (error) {
  // A start-up check's refusal (setup/startup-refused.ts) is one line for the operator, not a stack trace.
  if (!(error instanceof StartupRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
