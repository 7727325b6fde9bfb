import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CLIENT_EVENTS } from '@app/contracts';

/** Events a client may send; anything else is counted as 'other' (a client must not grow the label set). */
const KNOWN_EVENTS = new Set<string>(CLIENT_EVENTS);

/** 'Betting is closed for this period.' → 'betting_is_closed_for_this_period' (refusal texts are a fixed set). */
export function reasonLabel(message: string): string {
  return (
    message
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'unknown'
  );
}

/**
 * The api node's own Prometheus metrics, beside Node's defaults in the process registry: HTTP latency by route
 * template, live sockets, socket messages received per event, the gateway's verdict on place-bet, and how far the
 * delivery of the events streams lags their appends.
 */
@Injectable()
export class ApiMetrics {
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly socketsConnected: Gauge;
  readonly socketMessages: Counter<'event'>;
  readonly betIntake: Counter<'outcome' | 'reason'>;
  readonly deliveryLag: Histogram<'stream'>;

  constructor(@Inject(Registry) registry: Registry) {
    this.httpDuration = new Histogram({
      name: 'wr_http_request_duration_seconds',
      help: 'HTTP request latency, by method, route template and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    this.socketsConnected = new Gauge({
      name: 'wr_sockets_connected',
      help: 'Signed-in Socket.IO connections open on this api node',
      registers: [registry],
    });
    this.socketMessages = new Counter({
      name: 'wr_socket_messages_received_total',
      help: "Socket.IO messages received, by event ('other' for unknown events)",
      labelNames: ['event'],
      registers: [registry],
    });
    this.betIntake = new Counter({
      name: 'wr_bet_intake_total',
      help: 'place-bet messages at the gateway: accepted (handed on to the partition stream) or rejected, with the reason',
      labelNames: ['outcome', 'reason'],
      registers: [registry],
    });
    this.deliveryLag = new Histogram({
      name: 'wr_events_delivery_lag_seconds',
      help:
        'From an events-stream entry being appended (its stream id) to this node starting its delivery, by stream ' +
        "('events': bet answers and broadcasts, 'results': round results): how far this node's sockets lag the engines",
      labelNames: ['stream'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  socketMessage(event: unknown): void {
    this.socketMessages.inc({ event: typeof event === 'string' && KNOWN_EVENTS.has(event) ? event : 'other' });
  }

  betAccepted(): void {
    this.betIntake.inc({ outcome: 'accepted', reason: '' });
  }

  betRejected(message: string): void {
    this.betIntake.inc({ outcome: 'rejected', reason: reasonLabel(message) });
  }
}
