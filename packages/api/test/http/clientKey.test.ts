import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/config.ts';
import { clientKeyOf } from '../../src/http/clientKey.ts';

describe('clientKeyOf', () => {
  it('keeps IPv4 (also IPv4-mapped) and reduces IPv6 to its /64', () => {
    expect(clientKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('2001:db8:5:6::1')).toBe('2001:db8:5:6::/64');
    expect(clientKeyOf('2001:0DB8:0005:0006:ffff:1:2:3')).toBe('2001:db8:5:6::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKeyOf('2001:db8:1:2:3:4:1.2.3.4')).toBe('2001:db8:1:2::/64');
  });
});

describe('parseTrustProxy', () => {
  it('is off by default, private proxies for 1, a list of addresses otherwise; never a hop count', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => parseTrustProxy('2')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('everything')).toThrow(/TRUST_PROXY/);
  });
});
