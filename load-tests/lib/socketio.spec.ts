import { connectFrame, eventFrame, parseFrame, PONG, socketUrl } from './socketio.js';
import { createPlayer } from './player.js';
import { percentile } from './stats.js';

describe('load-test protocol', () => {
  it('frames Socket.IO v4 over a raw WebSocket', () => {
    expect(socketUrl('http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000/socket.io/?EIO=4&transport=websocket');
    expect(socketUrl('https://winround.app/')).toBe('wss://winround.app/socket.io/?EIO=4&transport=websocket');
    expect(connectFrame({ apiKey: 'k', token: 't' })).toBe('40{"apiKey":"k","token":"t"}');
    expect(eventFrame('get-balance')).toBe('42["get-balance"]');
    expect(eventFrame('place-bet', { a: 1 })).toBe('42["place-bet",{"a":1}]');
    expect(parseFrame('0{"sid":"x","pingInterval":20000}')).toEqual({
      kind: 'open',
      data: { sid: 'x', pingInterval: 20000 },
    });
    expect(parseFrame('2')).toEqual({ kind: 'ping' });
    expect(parseFrame('40{"sid":"y"}')).toEqual({ kind: 'connected', data: { sid: 'y' } });
    expect(parseFrame('44{"message":"API key is missing."}')).toEqual({
      kind: 'connect_error',
      data: { message: 'API key is missing.' },
    });
    expect(parseFrame('42["bet-message",{"success":true}]')).toEqual({
      kind: 'event',
      event: 'bet-message',
      data: { success: true },
    });
  });

  it('plays a player: signs in, answers pings, one bet per game per period, measures replies', () => {
    const sent: string[] = [];
    const seen: Array<[string, unknown]> = [];
    let t = 1000;
    const player = createPlayer({
      token: 't',
      apiKey: 'k',
      send: (s: string) => sent.push(s),
      now: () => t,
      observe: (k: string, v: unknown) => seen.push([k, v]),
    });
    player.receive('0{"sid":"a"}');
    expect(sent).toEqual(['40{"apiKey":"k","token":"t"}']);
    player.receive('2');
    expect(sent.at(-1)).toBe(PONG);
    expect(player.placeBet('color', 'red', 10)).toBe(false);
    t = 1010;
    player.receive('40{"sid":"b"}');
    expect(seen).toContainEqual(['connected', 10]);
    expect(sent.slice(-2)).toEqual(['42["send-period-id-current"]', '42["get-balance"]']);
    player.receive(
      '42["next-period-id",{"periodId":"202611210001","startTime":0,"duration":30,"serverTime":1500,"lockTime":25000}]',
    );
    expect(player.offsetMs).toBe(490);
    // The answer to its own request asks for nothing more.
    expect(sent.at(-1)).toBe('42["get-balance"]');
    expect(player.placeBet('color', 'red', 10)).toBe(true);
    expect(player.placeBet('color', 'green', 10)).toBe(false);
    t = 1050;
    player.receive(
      '42["bet-message",{"success":true,"message":"Bet placed successfully.","periodId":"202611210001","bet":{"betType":"color"}}]',
    );
    expect(seen).toContainEqual(['bet', { ms: 40, success: true, message: 'Bet placed successfully.' }]);
    expect(player.placeRandomBet(() => 0)).toBe('bigSmall');
    expect(player.placeRandomBet(() => 0.99)).toBe('number');
    expect(player.placeRandomBet()).toBe(false);
    player.receive(
      '42["next-period-id",{"periodId":"202611210002","startTime":30000,"duration":30,"serverTime":31000,"lockTime":55000}]',
    );
    // A new period asks for the balance and the period's bets, as the game screen does.
    expect(sent.slice(-2)).toEqual(['42["get-balance"]', '42["get-current-bet"]']);
    // A new period frees the colour game; big/small and number still await their replies.
    expect(player.placeRandomBet(() => 0)).toBe('color');
    expect(player.placeRandomBet(() => 0)).toBe(false);
  });

  it("spreads a new period's requests over requestSpreadMs when asked, and sends none once disconnected", () => {
    const sent: string[] = [];
    const timers: Array<[() => void, number]> = [];
    const player = createPlayer({
      token: 't',
      apiKey: 'k',
      send: (s: string) => sent.push(s),
      requestSpreadMs: 1000,
      schedule: (fn: () => void, ms: number) => timers.push([fn, ms]),
      random: () => 0.25,
    });
    player.receive('0{"sid":"a"}');
    player.receive('40{"sid":"b"}');
    const period = (id: string) =>
      `42["next-period-id",{"periodId":"${id}","startTime":0,"duration":30,"serverTime":0,"lockTime":25000}]`;
    player.receive(period('202611210001'));
    const before = sent.length;
    player.receive(period('202611210002'));
    expect(sent.length).toBe(before);
    expect(timers.map(([, ms]) => ms)).toEqual([250]);
    timers[0]![0]();
    expect(sent.slice(before)).toEqual(['42["get-balance"]', '42["get-current-bet"]']);
    player.receive(period('202611210003'));
    player.connected = false;
    timers[1]![0]();
    expect(sent.length).toBe(before + 2);
  });

  it('measures the frames it needs and leaves the others unparsed: a result by its period, the balance when read', () => {
    const seen: Array<[string, unknown]> = [];
    const player = createPlayer({
      token: 't',
      apiKey: 'k',
      send: () => {},
      now: () => 7,
      observe: (k: string, v: unknown) => seen.push([k, v]),
    });
    player.receive('42["bet-result",{"win":true,"winAmount":18.2,"periodId":"202611210001","gameType":"color"}]');
    expect(seen).toEqual([['result', { periodId: '202611210001', at: 7 }]]);
    expect(player.balance).toBeNull();
    player.receive('42["balance-update",{"balance":12.5,"mainBalance":12.5,"bonusBalance":0}]');
    expect(player.balance).toBe(12.5);
    // Not JSON at all: never parsed, so never a failure.
    player.receive('42["game-result",{not json');
    player.receive('42["current-bet-response",[{not json');
    expect(seen).toHaveLength(1);
  });

  it('computes percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile([], 50)).toBeNaN();
  });
});
