import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { BOOT_SCRIPT_CSP_SOURCE } from './web/boot-script.js';
import type { AppConfig } from '@app/config';
import { API_KEY_HEADER } from '@app/contracts';
import { createLogger, JsonLogger } from '@app/observability';
import { ApiModule } from './api.module.js';
import { noStore } from './common/no-store.middleware.js';
import { answerUnparsableRequests, useRequestInputRules } from './common/request-input.js';
import { createValidationPipe } from './common/validation.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { serveWebApp } from './web/spa.js';

/** Every route of the api is under this prefix. */
const API_PREFIX = 'api/v1';

/** Builds the api application (HTTP + Socket.IO) without listening; used by main.ts and by tests. */
export async function createApiApp(config: AppConfig): Promise<NestExpressApplication> {
  const logger = new JsonLogger(createLogger('api', config.LOG_LEVEL));
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config), {
    logger,
    bodyParser: false,
  });
  // Before anything that may answer: no answer of the api (tokens, private data, refusals) is ever cached.
  app.use(`/${API_PREFIX}`, noStore);
  useRequestInputRules(app);
  answerUnparsableRequests(app.getHttpServer());
  if (config.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  const origins = config.webOrigins;
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The page talks to its own origin (HTTP and the socket) and to the configured web origins only.
          connectSrc: ["'self'", ...origins.flatMap((origin) => [origin, origin.replace(/^http/, 'ws')])],
          // The app's scripts, and index.html's boot script by its hash (web/boot-script.ts).
          scriptSrc: ["'self'", BOOT_SCRIPT_CSP_SOURCE],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(cookieParser());
  if (origins.length > 0) app.enableCors({ origin: origins, credentials: true });
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useWebSocketAdapter(new RedisIoAdapter(app));
  app.enableShutdownHooks();

  if (config.apiDocs) serveApiDocs(app);
  if (config.WEB_DIST) serveWebApp(app, config.WEB_DIST);
  return app;
}

/** The OpenAPI document (/api/docs-json) and its viewer (/api/docs): on outside production, or with API_DOCS=true. */
function serveApiDocs(app: NestExpressApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('WinRound API')
      .setDescription('Players, wallet, payments, rounds and the admin console. Every call needs the x-api-key header.')
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: API_KEY_HEADER }, 'apiKey')
      .addBearerAuth()
      .addSecurityRequirements('apiKey')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { useGlobalPrefix: false, jsonDocumentUrl: 'api/docs-json' });
}
