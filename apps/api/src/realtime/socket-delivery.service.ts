import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EventsTail, type SocketMessage } from '@app/realtime';
import { RedisService } from '@app/redis';
import { RealtimeGateway } from './realtime.gateway.js';
import { firstAnswer } from './socket-answers.js';

/** The TCP socket under a websocket-transport Socket.IO socket (undefined for other transports). */
function tcpOf(socket: { conn: unknown }): { cork(): void; uncork(): void } | undefined {
  const transport = (socket.conn as { transport?: { name?: string; socket?: { _socket?: { cork(): void; uncork(): void } } } }).transport;
  return transport?.name === 'websocket' ? transport.socket?._socket : undefined;
}

/** Sockets written per turn of the event loop when a message goes to everyone. */
const BROADCAST_SLICE = 1000;

/** Tails the events streams and emits each message to this node's own sockets. */
@Injectable()
export class SocketDeliveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SocketDelivery');
  private tails: EventsTail[] = [];

  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(RealtimeGateway) private readonly gateway: RealtimeGateway,
  ) {}

  /**
   * Emits a chunk of messages to this node's sockets. Room messages go straight to the room's sockets, and the TCP
   * socket under each one stays corked until the whole chunk is written, so the several frames one player gets
   * (a round's bet-results and balance) leave in one write instead of one system call each.
   */
  async deliver(messages: SocketMessage[]): Promise<void> {
    const server = this.gateway.server;
    if (!server) return;
    const namespace = server.of('/');
    const corked = new Set<{ uncork(): void }>();
    try {
      for (const message of messages) {
        if (!message.room) {
          // Not awaited: a broadcast to every socket goes out in slices alongside later messages.
          this.broadcast(namespace, message).catch((error: Error) => this.logger.warn({ msg: 'broadcast failed', error: error.message }));
          continue;
        }
        const ids = namespace.adapter.rooms.get(message.room);
        if (!ids) continue;
        for (const id of ids) {
          const socket = namespace.sockets.get(id);
          // A bet's answer or result this socket had already (a redelivery, a republished round) is not sent again.
          if (!socket || !firstAnswer(socket, message.event, message.data)) continue;
          const tcp = tcpOf(socket);
          if (tcp && !corked.has(tcp)) {
            tcp.cork();
            corked.add(tcp);
          }
          socket.emit(message.event, message.data);
        }
      }
    } finally {
      for (const tcp of corked) tcp.uncork();
    }
  }

  /**
   * A message to every socket of this node, a slice at a time with the event loop free in between, so a round
   * announcement to tens of thousands of sockets does not stall bet replies. The frame is encoded once.
   */
  private async broadcast(namespace: ReturnType<NonNullable<RealtimeGateway['server']>['of']>, message: SocketMessage): Promise<void> {
    const ids = [...namespace.sockets.keys()];
    for (let i = 0; i < ids.length; i += BROADCAST_SLICE) {
      namespace.local.to(ids.slice(i, i + BROADCAST_SLICE)).emit(message.event, message.data);
      if (i + BROADCAST_SLICE < ids.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    // Two streams, two tails: round results (large bursts at each round's end) never hold up bet replies.
    for (const [name, stream] of [
      ['events-tail', this.redis.keys.events],
      ['results-tail', this.redis.keys.results],
    ] as const) {
      const tail = new EventsTail(
        this.redis.dedicated(name),
        stream,
        (messages) => this.deliver(messages),
        (error) => this.logger.warn({ msg: 'events tail error', stream, error: error.message }),
      );
      await tail.start();
      this.tails.push(tail);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.tails.map((t) => t.stop()));
  }
}
