import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { engineConfigProblem, type AppConfig } from '@app/config';
import { createLogger, JsonLogger } from '@app/observability';
import { EngineModule } from './engine.module.js';

/** Builds the round-engine application context; used by main.ts and by tests. */
export async function createEngineApp(config: AppConfig): Promise<INestApplicationContext> {
  const problem = engineConfigProblem(config);
  if (problem) throw problem;
  const app = await NestFactory.createApplicationContext(EngineModule.forRoot(config), {
    logger: new JsonLogger(createLogger('round-engine', config.LOG_LEVEL)),
  });
  app.enableShutdownHooks();
  return app;
}
