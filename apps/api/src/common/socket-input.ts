import type { Socket } from 'socket.io';
import { inspectInput } from './input-rules.js';

/**
 * Applies the input rules (common/input-rules.ts) to every message a socket sends, before any handler sees it. A
 * refused message is answered with `exception` (and its acknowledgement, when the client asked for one) and goes
 * no further.
 */
export function useSocketInputRules(socket: Socket): void {
  socket.use((packet, next) => {
    const args = packet.slice(1);
    const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (reply: unknown) => void) : undefined;
    const problem = typeof packet[0] === 'string' ? inspectInput(args) : { message: 'Unknown event.' };
    if (!problem) return next();
    socket.emit('exception', { status: 'error', message: problem.message });
    ack?.({ success: false, message: problem.message });
  });
}
