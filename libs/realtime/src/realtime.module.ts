import { Global, Module } from '@nestjs/common';
import { EventsPublisher } from './events-publisher.js';

@Global()
@Module({ providers: [EventsPublisher], exports: [EventsPublisher] })
export class RealtimeModule {}
