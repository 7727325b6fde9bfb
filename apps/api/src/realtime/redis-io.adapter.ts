import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/redis-adapter';
import { isObservable, type Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { AppConfig } from '@app/config';
import { SOCKET_PATH } from '@app/contracts';
import { RedisService } from '@app/redis';
import { coalesceWebsocketWrites } from './coalesce-websocket-writes.js';

/** Largest socket message accepted (bytes): a place-bet is ~150 bytes. */
export const SOCKET_MAX_MESSAGE_BYTES = 4 * 1024;

/** Socket.IO over the Redis adapter, so cross-node operations (disconnect everywhere, presence) work. */
export class RedisIoAdapter extends IoAdapter {
  constructor(private readonly appContext: INestApplicationContext) {
    super(appContext);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const config = this.appContext.get(AppConfig);
    const redis = this.appContext.get(RedisService);
    const origins = config.webOrigins;
    const server: Server = super.createIOServer(port, {
      ...(options as ServerOptions),
      serveClient: false,
      path: SOCKET_PATH,
      maxHttpBufferSize: SOCKET_MAX_MESSAGE_BYTES,
      // Socket.IO's defaults: a ping every 25 s per socket (at 10,000 sockets each ping costs the node a write and a
      // read), a dead connection noticed within 45 s (a closed one at once).
      pingInterval: 25_000,
      pingTimeout: 20_000,
      // No per-message compression: deflating every frame costs CPU per socket and defeats the frame Socket.IO
      // encodes once per broadcast (messages are small JSON).
      perMessageDeflate: false,
      httpCompression: false,
      cors: origins.length > 0 ? { origin: origins, credentials: true } : undefined,
    });
    server.adapter(
      createAdapter(redis.dedicated('socket.io-pub'), redis.dedicated('socket.io-sub'), { key: redis.keys.socketIo }),
    );
    coalesceWebsocketWrites(server);
    return server;
  }

  /**
   * Each message a socket sends goes to its gateway handler (with its guards, pipes and exception filters, which
   * `callback` applies) through a plain listener. Nest's own binding runs every message through an rxjs pipeline
   * per socket and event (fromEvent, mergeMap, defer, takeUntil): measured on the benchmark at 10,000 sockets, rxjs
   * alone took a tenth of the api's CPU. The replies are the same: a handler's value (or every value of an
   * Observable it returns) that has an `event` is emitted, else it answers the acknowledgement; an error is logged.
   */
  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    _transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        const { data, ack } = this.mapPayload(args.length > 1 ? args : args[0]);
        const reply = (response: unknown) => {
          if (response === undefined || response === null) return;
          const { event, data: payload } = response as { event?: string; data?: unknown };
          if (event) return void socket.emit(event, payload);
          if (!isAckHandledManually && typeof ack === 'function') (ack as (value: unknown) => void)(response);
        };
        const failed = (error: unknown) => this.logger.error(error);
        let result: unknown;
        try {
          result = callback(data, ack);
        } catch (error) {
          return failed(error);
        }
        Promise.resolve(result).then((value) => {
          if (isObservable(value)) value.subscribe({ next: reply, error: failed });
          else reply(value);
        }, failed);
      });
    }
  }
}
