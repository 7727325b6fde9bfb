import { loadConfigOrExit } from '@app/config';
import { createEngineApp } from './bootstrap.js';

const config = loadConfigOrExit();
const app = await createEngineApp(config);
await app.init();
