import { loadConfigOrExit } from '@app/config';
import { createApiApp } from './bootstrap.js';

const config = loadConfigOrExit();
const app = await createApiApp(config);
await app.listen(config.PORT, '0.0.0.0');
