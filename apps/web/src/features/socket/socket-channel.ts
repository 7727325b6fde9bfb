import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { SERVER_EVENTS, type LiveSocket, type ServerEventName } from './live-socket';

/** One thing that happened on the live connection. */
export type LiveMessage =
  | { kind: 'connect' }
  | { kind: 'disconnect'; reason: string }
  | { kind: 'connect_error'; message: string }
  | { kind: 'event'; name: ServerEventName; payload: unknown };

/**
 * The socket's events as a saga channel. Every message is buffered until the saga takes it (a burst after the
 * draw: game-result, bet-result, bet-update, balance-update). Closing the channel removes every listener.
 */
export function liveSocketChannel(socket: LiveSocket): EventChannel<LiveMessage> {
  return eventChannel<LiveMessage>((emit) => {
    const listeners: [string, (...args: never[]) => void][] = [
      ['connect', () => emit({ kind: 'connect' })],
      ['disconnect', (reason: string) => emit({ kind: 'disconnect', reason: String(reason) })],
      [
        'connect_error',
        (error: { message?: unknown } | undefined) =>
          emit({
            kind: 'connect_error',
            message: typeof error?.message === 'string' ? error.message : 'Connection failed',
          }),
      ],
      ...SERVER_EVENTS.map(
        (name) =>
          [name, (payload: unknown) => emit({ kind: 'event', name, payload })] as [string, (...args: never[]) => void],
      ),
    ];
    for (const [event, listener] of listeners) socket.on(event, listener);
    return () => {
      for (const [event, listener] of listeners) socket.off(event, listener);
    };
  }, buffers.expanding<LiveMessage>(64));
}
