import { SetMetadata } from '@nestjs/common';

export const SKIP_API_KEY = 'skipApiKey';
/** Marks an operator endpoint (health, metrics) that is called without the client API key. */
export const SkipApiKey = () => SetMetadata(SKIP_API_KEY, true);
