import { clientNetwork, clientWideNetwork } from './client-info.js';

describe('the client a per-client limit counts', () => {
  it('an IPv4 address is itself, also written IPv4-mapped', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('an IPv6 address counts as its /64, however it is written', () => {
    const net = '2001:db8:85a3:12::/64';
    for (const ip of [
      '2001:db8:85a3:12::1',
      '2001:0db8:85a3:0012:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:12:0:0:0:9',
      '2001:db8:85a3:12::1%eth0',
      '2001:db8:85a3:12:1::',
    ]) {
      expect({ ip, net: clientNetwork(ip) }).toEqual({ ip, net });
    }
    expect(clientNetwork('2001:db8:85a3:13::1')).toBe('2001:db8:85a3:13::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('anything else is left as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
    expect(clientNetwork('1:2:3')).toBe('1:2:3');
  });

  it('an IPv6 address is also watched as its /48; IPv4 has no wider network', () => {
    for (const ip of ['2001:db8:85a3:12::1', '2001:0db8:85a3:ffff::9', '2001:DB8:85A3::'])
      expect({ ip, wide: clientWideNetwork(ip) }).toEqual({ ip, wide: '2001:db8:85a3::/48' });
    expect(clientWideNetwork('203.0.113.7')).toBeNull();
    expect(clientWideNetwork('::ffff:203.0.113.7')).toBeNull();
    expect(clientWideNetwork('unknown')).toBeNull();
  });
});
