import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { COMMAND_ANSWER, EventsTail, FairSlices, userRoom, WireMessage, type SocketMessage } from '@app/realtime';
import { RedisService } from '@app/redis';
import { ApiMetrics } from '../metrics/api-metrics.service.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { firstAnswer } from './socket-answers.js';
import { directConnection, messageFrame } from './websocket-frames.js';

/** The TCP socket under a websocket-transport Socket.IO socket (undefined for other transports). */
function tcpOf(socket: { conn: unknown }): { cork(): void; uncork(): void } | undefined {
  const transport = (
    socket.conn as { transport?: { name?: string; socket?: { _socket?: { cork(): void; uncork(): void } } } }
  ).transport;
  return transport?.name === 'websocket' ? transport.socket?._socket : undefined;
}

/**
 * A stretch of socket writes (ms) before delivery lets the event loop turn, so bets coming in, bet replies and the
 * other stream's messages are never held up for long by a large burst (a round's results): WRITE_SLICE_MS, or as
 * long as the rest of the loop took meanwhile when it is busy (FairSlices), at most MAX_WRITE_SLICE_MS. A fixed 5 ms
 * a turn starved delivery at a round's start, when one turn of the loop takes hundreds of milliseconds.
 */
export const WRITE_SLICE_MS = 5;
export const MAX_WRITE_SLICE_MS = 50;
/** Room messages written between two looks at the clock. */
const CHECK_EVERY = 16;
/**
 * Most sockets kept corked at once: their frames are written (one system call each) when they are uncorked, so
 * this bounds the writing done in one go, which the clock is looked at after.
 */
const MAX_CORKED = 64;
/**
 * A broadcast reaches every socket within this many turns of the event loop: each turn also serves whatever came in
 * meanwhile (bets, their replies), and under load a turn is long, so a broadcast cut into many small slices would
 * reach the last sockets seconds late. At least BROADCAST_MIN_SLICE sockets a turn.
 */
export const BROADCAST_TURNS = 8;
const BROADCAST_MIN_SLICE = 250;
/**
 * A round boundary's broadcasts, the round's result and then the next period's announcement, reach each socket in
 * one write: a broadcast waits for the announcement, which goes at once, for at most BROADCAST_GATHER_MS. The engine
 * publishes the two a few milliseconds apart, but a busy engine or Postgres can hold the announcement back for
 * hundreds (232 ms seen at 10,000 sockets and 3,000 bets/s), and a second broadcast costs a write to every socket.
 */
export const BROADCAST_GATHER_MS = 300;
/** The broadcast that ends a round boundary's (it is published after the round's result). */
const LAST_OF_BOUNDARY = 'next-period-id';

/** What every player's room name starts with (the rest is the user id). */
const USER_ROOM_PREFIX = userRoom('');

/** Told of each bet answer delivered: the player and the command's outcome key. */
export type BetAnswerListener = (userId: string, commandId: string) => void;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Namespace = ReturnType<NonNullable<RealtimeGateway['server']>['of']>;

/** Tails the events streams and emits each message to this node's own sockets. */
@Injectable()
export class SocketDeliveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SocketDelivery');
  private tails: EventsTail[] = [];
  /** Broadcasts waiting to go out; they go one batch after another, so every socket gets them in publication order. */
  private readonly pendingBroadcasts: WireMessage[] = [];
  private broadcasting = false;
  /** Ends the wait of the broadcasts gathered for a round boundary (set while they wait). */
  private boundaryComplete?: () => void;
  private readonly betAnswerListeners: BetAnswerListener[] = [];

  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(RealtimeGateway) private readonly gateway: RealtimeGateway,
    @Optional() @Inject(ApiMetrics) private readonly metrics?: ApiMetrics,
  ) {}

  /**
   * Emits a chunk of messages to this node's sockets. Room messages go straight to the room's sockets: each message's
   * websocket frame is built once, around the data's JSON text as the events stream carries it (a message for a room
   * this node does not hold is never parsed), and written into the TCP connection of each socket that gets it
   * (websocket-frames: no per-socket Socket.IO packet), and that connection stays corked while a slice of the chunk is
   * written, so the several frames one player gets (a round's bet-results and balance) leave in one write instead of one
   * system call each. A socket that cannot take a frame directly right now (another transport, or packets still queued
   * in engine.io) gets the message through Socket.IO. At most MAX_CORKED sockets are corked at once (uncorking is when
   * the writes happen); after a slice of emitting and writing (WRITE_SLICE_MS, longer while the loop is busy), the event
   * loop turns before the rest of the chunk.
   */
  async deliver(chunk: ReadonlyArray<WireMessage | SocketMessage>): Promise<void> {
    const messages = chunk.map((m) => (m instanceof WireMessage ? m : WireMessage.of(m)));
    if (this.betAnswerListeners.length > 0) this.noteBetAnswers(messages);
    const server = this.gateway.server;
    if (!server) return;
    const namespace = server.of('/');
    const corked = new Set<{ uncork(): void }>();
    const cork = (tcp: { cork(): void; uncork(): void } | undefined) => {
      if (tcp && !corked.has(tcp)) {
        tcp.cork();
        corked.add(tcp);
      }
    };
    const flush = () => {
      for (const tcp of corked) tcp.uncork();
      corked.clear();
    };
    const slices = new FairSlices(WRITE_SLICE_MS, MAX_WRITE_SLICE_MS);
    let written = 0;
    try {
      for (let i = 0; i < messages.length; i++) {
        const message = messages[i]!;
        if (!message.room) {
          // Not awaited: a broadcast to every socket goes out in slices alongside later messages.
          this.queueBroadcast(namespace, message);
          continue;
        }
        const ids = namespace.adapter.rooms.get(message.room);
        if (ids) {
          let frame: Buffer | undefined;
          for (const id of ids) {
            const socket = namespace.sockets.get(id);
            // A bet's answer or result this socket had already (a redelivery, a republished round) is not sent again.
            if (!socket || !firstAnswer(socket, message.answer)) continue;
            const direct = directConnection(socket);
            if (direct) {
              cork(direct);
              direct.write((frame ??= messageFrame(message)));
            } else {
              cork(tcpOf(socket));
              socket.emit(message.event, message.data);
            }
          }
        }
        // A room's consecutive messages (a player's bet answers and balance) stay in one corked stretch: one write.
        if (corked.size >= MAX_CORKED && messages[i + 1]?.room !== message.room) flush();
        if (++written % CHECK_EVERY === 0 && slices.spent()) {
          flush();
          await slices.yield();
        }
      }
    } finally {
      flush();
    }
  }

  /**
   * Calls `listener` with every bet answer this node delivers (a `bet-message` naming its command, to a player's
   * room), whether or not the player has a socket here: the intake then knows the bet needs no cancellation.
   */
  onBetAnswer(listener: BetAnswerListener): void {
    this.betAnswerListeners.push(listener);
  }

  /**
   * Whether a message from the events streams is for this node: one for every socket, one to a room with a socket
   * here, or a command's answer (the intake is told of each, wherever the player's sockets are). The others are
   * skipped unread.
   */
  private concernsThisNode(room: string | null, answer: string | undefined): boolean {
    if (room === null) return true;
    if (this.betAnswerListeners.length > 0 && answer?.startsWith(COMMAND_ANSWER)) return true;
    return this.gateway.server?.of('/').adapter.rooms.has(room) ?? false;
  }

  private noteBetAnswers(messages: WireMessage[]): void {
    for (const message of messages) {
      if (!message.answer?.startsWith(COMMAND_ANSWER) || !message.room?.startsWith(USER_ROOM_PREFIX)) continue;
      const commandId = message.answer.slice(COMMAND_ANSWER.length);
      const userId = message.room.slice(USER_ROOM_PREFIX.length);
      for (const listener of this.betAnswerListeners) listener(userId, commandId);
    }
  }

  private queueBroadcast(namespace: Namespace, message: WireMessage): void {
    this.pendingBroadcasts.push(message);
    if (message.event === LAST_OF_BOUNDARY) this.boundaryComplete?.();
    if (this.broadcasting) return;
    this.broadcasting = true;
    void (async () => {
      if (message.event !== LAST_OF_BOUNDARY) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => this.boundaryComplete?.(), BROADCAST_GATHER_MS);
          this.boundaryComplete = () => {
            clearTimeout(timer);
            this.boundaryComplete = undefined;
            resolve();
          };
        });
      }
      while (this.pendingBroadcasts.length > 0) {
        const batch = this.pendingBroadcasts.splice(0);
        await this.broadcast(namespace, batch).catch((error: Error) =>
          this.logger.warn({ msg: 'broadcast failed', error: error.message }),
        );
      }
    })().finally(() => (this.broadcasting = false));
  }

  /**
   * Messages to every socket of this node, in at most BROADCAST_TURNS slices with the event loop turning in
   * between, so a round announcement to tens of thousands of sockets neither stalls bets and their replies for long
   * nor waits behind them. The messages' websocket frames are built once, into one Buffer, and that Buffer is written
   * to each socket (one write per socket whatever the number of messages); a socket that cannot take a frame directly
   * right now gets the messages through Socket.IO (encoded once per slice, corked into one write).
   */
  private async broadcast(namespace: Namespace, messages: WireMessage[]): Promise<void> {
    const ids = [...namespace.sockets.keys()];
    const slice = Math.max(BROADCAST_MIN_SLICE, Math.ceil(ids.length / BROADCAST_TURNS));
    const frames = Buffer.concat(messages.map((m) => messageFrame(m)));
    for (let i = 0; i < ids.length; i += slice) {
      if (i > 0) await nextTurn();
      const others: string[] = [];
      for (const id of ids.slice(i, i + slice)) {
        const socket = namespace.sockets.get(id);
        if (!socket) continue;
        const direct = directConnection(socket);
        if (direct) direct.write(frames);
        else others.push(id);
      }
      if (others.length === 0) continue;
      const corked: Array<{ uncork(): void }> = [];
      if (messages.length > 1) {
        for (const id of others) {
          const tcp = namespace.sockets.get(id) && tcpOf(namespace.sockets.get(id)!);
          if (tcp) {
            tcp.cork();
            corked.push(tcp);
          }
        }
      }
      try {
        for (const message of messages) namespace.local.to(others).emit(message.event, message.data);
      } finally {
        for (const tcp of corked) tcp.uncork();
      }
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    // Two streams, two tails: round results (large bursts at each round's end) never hold up bet replies. A results
    // entry holds hundreds of messages, so that tail reads a few entries at a time (a large read is parsed in one go).
    for (const [name, stream, count, label] of [
      ['events-tail', this.redis.keys.events, 100, 'events'],
      ['results-tail', this.redis.keys.results, 4, 'results'],
    ] as const) {
      const lag = this.metrics?.deliveryLag.labels({ stream: label });
      const tail = new EventsTail(
        this.redis.dedicated(name),
        stream,
        (messages) => this.deliver(messages),
        (error) => this.logger.warn({ msg: 'events tail error', stream, error: error.message }),
        {
          count,
          keep: (room, answer) => this.concernsThisNode(room, answer),
          ...(lag
            ? { onEntry: (appendedAtMs: number) => lag.observe(Math.max(0, Date.now() - appendedAtMs) / 1000) }
            : {}),
        },
      );
      await tail.start();
      this.tails.push(tail);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.tails.map((t) => t.stop()));
  }
}
