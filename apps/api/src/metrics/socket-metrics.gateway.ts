import { Inject } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { ApiMetrics } from './api-metrics.service.js';

type MeteredSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, { metered?: boolean }>;

/** Live sockets of this node and the messages they send (counted as received, before rate limits). */
@WebSocketGateway()
export class SocketMetricsGateway implements OnGatewayConnection, OnGatewayDisconnect {
  constructor(@Inject(ApiMetrics) private readonly metrics: ApiMetrics) {}

  handleConnection(socket: MeteredSocket): void {
    if (socket.disconnected) return;
    socket.data.metered = true;
    this.metrics.socketsConnected.inc();
    socket.onAny((event: unknown) => this.metrics.socketMessage(event));
  }

  handleDisconnect(socket: MeteredSocket): void {
    if (!socket.data.metered) return;
    socket.data.metered = false;
    this.metrics.socketsConnected.dec();
  }
}
