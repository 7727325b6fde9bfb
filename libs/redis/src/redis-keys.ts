/** How the keys are laid out: on a Redis Cluster (`cluster: true`) every key that a script or MULTI uses with others carries a hash tag. */
export interface RedisKeysOptions {
  cluster?: boolean;
}

/**
 * Every Redis key, stream and channel the system uses, under one deployment prefix.
 *
 * On a Redis Cluster the keys one script, MULTI or multi-key command touches together must hash to one slot, so they
 * carry a hash tag right after the prefix (`wr:{events}:events`): a partition's command stream its partition
 * (`{p3}`), the events and results streams with the round clock's lease and the publication records `{events}`,
 * presence with the players' socket lists `{presence}`, a player's bet arbiter keys and ask budget the player
 * (`{u:<id>}`), the rate-limit counters of one script their subject (`{rl:<digest>}`). Keys used alone carry no tag
 * and spread over the cluster. On a single Redis (`cluster` unset) no key carries a tag: the names are those of
 * before cluster support. docs/redis-cluster.md lists them.
 */
export class RedisKeys {
  readonly cluster: boolean;

  constructor(
    readonly prefix: string,
    options: RedisKeysOptions = {},
  ) {
    this.cluster = options.cluster ?? false;
    if (this.cluster && /[{}]/.test(prefix))
      throw new Error('the Redis key prefix must not contain { or } on a cluster');
  }

  /** `prefix` + `rest`, with the hash tag `{tag}` in between on a cluster (nothing on a single Redis). */
  private key(tag: string | null, rest: string): string {
    return this.cluster && tag !== null ? `${this.prefix}{${tag}}:${rest}` : `${this.prefix}${rest}`;
  }

  /** Stream of place-bet commands of partition p. */
  betCommands(partition: number): string {
    return this.key(`p${partition}`, `bets:cmd:${partition}`);
  }
  /** Consumer group of the bet processors on every partition stream. */
  get betProcessorsGroup(): string {
    return 'bet-processors';
  }
  /**
   * The arbiter key of a player's bet command (its outcome key: the client's command id, else the gateway's): who
   * decides it, the bet pipeline (claimed) or the api node that took it in (cancelled). See @app/bets bet-arbiter.
   */
  betArbiter(userId: string, commandKey: string): string {
    return this.key(`u:${userId}`, `bet-arbiter:${userId}:${commandKey}`);
  }
  /** Counter of a player's cancellations of commands without a trace (the arbiter's ask budget), beside their arbiter keys. */
  betAsks(userId: string): string {
    return this.key(`u:${userId}`, `bet-asks:${userId}`);
  }
  /** Stream of published events every api node tails. */
  get events(): string {
    return this.key('events', 'events');
  }
  /**
   * Stream of round results (bet-result and balance-update after settlement), tailed beside `events`, so the
   * replies to new bets never queue behind a round's worth of results.
   */
  get results(): string {
    return this.key('events', 'events:results');
  }
  /**
   * The record that a publication (`game-result`, `results` slice) of a period went out: written by the script that
   * appends it to `events`/`results` under the round clock's lease, so it lives beside them.
   */
  published(kind: string, periodId: string): string {
    return this.key('events', `published:${kind}:${periodId}`);
  }
  /**
   * A leadership lease (round clock, partition consumers, outbox relay). The round clock's fences the publication
   * of results (one script with the events streams), so on a cluster it shares their slot.
   */
  lease(name: string): string {
    return this.key(name === 'round-clock' ? 'events' : null, `lease:${name}`);
  }
  /** Socket.IO adapter channel prefix (pub/sub channels, not keys: no slot). */
  get socketIo(): string {
    return `${this.prefix}socket.io`;
  }
  /** BullMQ queue prefix; on a cluster a hash tag, as BullMQ requires (every key of a queue in one slot). */
  get bullPrefix(): string {
    return this.cluster ? `{${this.prefix}bull}` : `${this.prefix}bull`;
  }
  /**
   * A rate-limit counter. `group` names the counters one script updates together (they share a slot on a
   * cluster); without it the counter is used alone.
   */
  rateLimit(name: string, subject: string, group?: string): string {
    return this.key(group === undefined ? null : `rl:${group}`, `rl:${name}:${subject}`);
  }
  /** Marker of a revoked session (access tokens of it stop working). */
  revokedSession(sessionId: string): string {
    return this.key(null, `auth:revoked-session:${sessionId}`);
  }
  /** Set of online player ids per api node (presence). `presence('') + node` is `presence(node)`. */
  presence(nodeId: string): string {
    return this.key('presence', `presence:${nodeId}`);
  }
  /** Set of online super-admin ids per api node (the admin profile's status). */
  presenceAdmins(nodeId: string): string {
    return this.key('presence', `presence-admins:${nodeId}`);
  }
  /** Sorted set of live api nodes, scored by when their presence expires (epoch ms, Redis clock). */
  get presenceNodes(): string {
    return this.key('presence', 'presence:nodes');
  }
  /**
   * The players online when a period's results were first published (a set, taken once from the live api nodes'
   * presence sets): whose results go first, the same for every publisher of that period.
   */
  resultsOnline(periodId: string): string {
    return this.key('presence', `results-online:${periodId}`);
  }
  /**
   * Sorted set of a player's live sockets ("node socket-id", scored by connect time, Redis clock): the socket cap.
   * Its script reads the live nodes too, so it lives with presence.
   */
  playerSockets(userId: string): string {
    return this.key('presence', `sockets:${userId}`);
  }
  /** Cached public round state (latest results list). */
  get latestResults(): string {
    return this.key(null, 'results:latest');
  }
}

/**
 * The hash tag Redis Cluster hashes a key by: what is between the first `{` and the next `}` when that is not
 * empty, else the whole key. Keys with the same tag are in the same slot.
 */
export function hashTag(key: string): string {
  const open = key.indexOf('{');
  if (open === -1) return key;
  const close = key.indexOf('}', open + 1);
  if (close === -1 || close === open + 1) return key;
  return key.slice(open + 1, close);
}
