import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
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
      pingInterval: 20_000,
      pingTimeout: 20_000,
      // No per-message compression: deflating every frame costs CPU per socket and defeats the frame Socket.IO
      // encodes once per broadcast (messages are small JSON).
      perMessageDeflate: false,
      httpCompression: false,
      cors: origins.length > 0 ? { origin: origins, credentials: true } : undefined,
    });
    server.adapter(createAdapter(redis.dedicated('socket.io-pub'), redis.dedicated('socket.io-sub'), { key: redis.keys.socketIo }));
    coalesceWebsocketWrites(server);
    return server;
  }
}
