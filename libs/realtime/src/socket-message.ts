/** A message for sockets: to one room (`user:{id}`) or, with room null, to every connected socket. */
export interface SocketMessage {
  room: string | null;
  event: string;
  data: unknown;
}

export const userRoom = (userId: string) => `user:${userId}`;

/** Field of a Redis events-stream entry holding the JSON array of messages. */
export const EVENTS_FIELD = 'm';
/** Messages per stream entry (large fan-outs such as settlement are chunked). */
export const MESSAGES_PER_ENTRY = 500;
/**
 * Approximate length the events streams are trimmed to. Api nodes tail them from "now"; the backlog only has to
 * cover a node's brief stall, and an entry can hold hundreds of messages.
 */
export const EVENTS_STREAM_MAXLEN = 5_000;
