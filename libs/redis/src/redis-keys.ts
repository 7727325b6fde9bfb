/** Every Redis key, stream and channel the system uses, under one deployment prefix. */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  /** Stream of place-bet commands of partition p. */
  betCommands(partition: number): string {
    return `${this.prefix}bets:cmd:${partition}`;
  }
  /** Consumer group of the bet processors on every partition stream. */
  get betProcessorsGroup(): string {
    return 'bet-processors';
  }
  /** Stream of published events every api node tails. */
  get events(): string {
    return `${this.prefix}events`;
  }
  /**
   * Stream of round results (bet-result and balance-update after settlement), tailed beside `events`, so the
   * replies to new bets never queue behind a round's worth of results.
   */
  get results(): string {
    return `${this.prefix}events:results`;
  }
  /** A leadership lease (round clock, partition consumers, outbox relay). */
  lease(name: string): string {
    return `${this.prefix}lease:${name}`;
  }
  /** Socket.IO adapter channel prefix. */
  get socketIo(): string {
    return `${this.prefix}socket.io`;
  }
  /** BullMQ queue prefix. */
  get bullPrefix(): string {
    return `${this.prefix}bull`;
  }
  /** A rate-limit counter. */
  rateLimit(name: string, subject: string): string {
    return `${this.prefix}rl:${name}:${subject}`;
  }
  /** Set of online player ids per api node (presence). */
  presence(nodeId: string): string {
    return `${this.prefix}presence:${nodeId}`;
  }
  /** Set of online super-admin ids per api node (the admin profile's status). */
  presenceAdmins(nodeId: string): string {
    return `${this.prefix}presence-admins:${nodeId}`;
  }
  /** Sorted set of live api nodes, scored by when their presence expires (epoch ms, Redis clock). */
  get presenceNodes(): string {
    return `${this.prefix}presence:nodes`;
  }
  /**
   * The players online when a period's results were first published (a set, taken once from the live api nodes'
   * presence sets): whose results go first, the same for every publisher of that period.
   */
  resultsOnline(periodId: string): string {
    return `${this.prefix}results-online:${periodId}`;
  }
  /** Sorted set of a player's live sockets ("node socket-id", scored by connect time, Redis clock): the socket cap. */
  playerSockets(userId: string): string {
    return `${this.prefix}sockets:${userId}`;
  }
  /** Cached public round state (latest results list). */
  get latestResults(): string {
    return `${this.prefix}results:latest`;
  }
}
