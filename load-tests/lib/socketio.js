// Socket.IO v4 over a raw WebSocket (Engine.IO v4 framing), with no dependencies, so the same code runs in k6
// (k6/ws) and in Node (ws). Only what a player needs: open, ping/pong, connect with auth, events.

/** The WebSocket URL of the Socket.IO endpoint for an http(s) base URL. */
export function socketUrl(baseUrl, path = '/socket.io') {
  return `${baseUrl.replace(/^http/, 'ws').replace(/\/$/, '')}${path}/?EIO=4&transport=websocket`;
}

/** The frame that joins the default namespace with handshake auth data. */
export function connectFrame(auth) {
  return `40${JSON.stringify(auth)}`;
}

/** The frame of an event with an optional payload. */
export function eventFrame(event, payload) {
  return payload === undefined ? `42${JSON.stringify([event])}` : `42${JSON.stringify([event, payload])}`;
}

export const PONG = '3';

/**
 * Decodes a text frame: { kind: 'open' | 'ping' | 'connected' | 'connect_error' | 'event' | 'disconnect' | 'close' |
 * 'other', ... }.
 */
export function parseFrame(text) {
  const engine = text.charAt(0);
  if (engine === '0') return { kind: 'open', data: JSON.parse(text.slice(1)) };
  if (engine === '2') return { kind: 'ping' };
  if (engine === '1') return { kind: 'close' };
  if (engine !== '4') return { kind: 'other' };
  const type = text.charAt(1);
  // The default namespace: the payload follows the packet type directly.
  const body = text.slice(2);
  if (type === '0') return { kind: 'connected', data: body ? JSON.parse(body) : {} };
  if (type === '4') return { kind: 'connect_error', data: body ? JSON.parse(body) : {} };
  if (type === '1') return { kind: 'disconnect' };
  if (type === '2') {
    const [event, data] = JSON.parse(body);
    return { kind: 'event', event, data };
  }
  return { kind: 'other' };
}
