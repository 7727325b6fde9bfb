import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { AppConfig } from '@app/config';
import { API_KEY_HEADER } from '@app/contracts';
import { createLogger, JsonLogger } from '@app/observability';
import { ApiModule } from './api.module.js';
import { answerUnparsableRequests, useRequestInputRules } from './common/request-input.js';
import { createValidationPipe } from './common/validation.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { serveWebApp } from './web/spa.js';

/** Builds the api application (HTTP + Socket.IO) without listening; used by main.ts and by tests. */
export async function createApiApp(config: AppConfig): Promise<NestExpressApplication> {
  const logger = new JsonLogger(createLogger('api', config.LOG_LEVEL));
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config), {
    logger,
    bodyParser: false,
  });
  useRequestInputRules(app);
  answerUnparsableRequests(app.getHttpServer());
  if (config.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          scriptSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(cookieParser());
  const origins = config.webOrigins;
  if (origins.length > 0) app.enableCors({ origin: origins, credentials: true });
  app.setGlobalPrefix('api/v1', { exclude: [{ path: 'metrics', method: RequestMethod.GET }] });
  app.useGlobalPipes(createValidationPipe());
  app.useWebSocketAdapter(new RedisIoAdapter(app));
  app.enableShutdownHooks();

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

  if (config.WEB_DIST) serveWebApp(app, config.WEB_DIST);
  return app;
}
