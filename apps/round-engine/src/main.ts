import { engineConfigProblem, loadConfigOrExit } from '@app/config';
import { createEngineApp } from './bootstrap.js';

const config = loadConfigOrExit();
const problem = engineConfigProblem(config);
if (problem) {
  console.error(problem.message);
  process.exit(1);
}
const app = await createEngineApp(config);
await app.init();
