import { describe, expect, it } from 'vitest';
import { clientIpOf, clientNetworkOf } from './edge';

describe('clientNetworkOf', () => {
  it('keys an IPv4 client on its whole address', () => {
    expect(clientNetworkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('203.0.113.8')).toBe('203.0.113.8');
    expect(clientNetworkOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it('keys every spelling of every address of one IPv6 /64 alike', () => {
    const sameNetwork = [
      '2001:db8:1:2::7',
      '2001:db8:1:2:a:b:c:d',
      '2001:0db8:0001:0002:0000:0000:0000:0007',
      '2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF',
      '2001:db8:1:2::',
      '2001:db8:1:2:0:0:0:1',
      '2001:db8:1:2::1.2.3.4',
    ];
    expect(new Set(sameNetwork.map(clientNetworkOf))).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('writes a network with zero groups canonically, however the address spells them', () => {
    for (const ip of ['2001:db8::1', '2001:db8:0:0:1::', '2001:0DB8:0000:0000:ffff::1']) expect(clientNetworkOf(ip)).toBe('2001:db8::/64');
    expect(clientNetworkOf('2001:0:0:5::9')).toBe('2001:0:0:5::/64');
    expect(clientNetworkOf('::1')).toBe('::/64');
    expect(clientNetworkOf('fe80::1')).toBe('fe80::/64');
  });

  it('keys different /64s apart', () => {
    const networks = ['2001:db8:1:2::7', '2001:db8:1:3::7', '2001:db8:2:2::7', '2001:db9:1:2::7', '2001:db8:1:1002::7'].map(clientNetworkOf);
    expect(new Set(networks).size).toBe(networks.length);
  });

  it('keys an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientNetworkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientNetworkOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    // Other addresses with an IPv4 tail are IPv6 clients.
    expect(clientNetworkOf('64:ff9b::203.0.113.7')).toBe('64:ff9b::/64');
  });

  it('keys anything that is no address as the one unknown client', () => {
    for (const junk of [
      '',
      'unknown',
      'nonsense',
      '1.2.3',
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3.4.5',
      '2001:db8::1::2',
      '2001:db8:1:2:3:4:5:6:7',
      '12345::',
      'fe80::1%eth0',
      '::1]:80/x',
      ' 1.2.3.4',
    ]) {
      expect(clientNetworkOf(junk), junk).toBe('unknown');
    }
  });

  it('takes the address clientIpOf reads from the edge', () => {
    expect(clientNetworkOf(clientIpOf('2001:db8:1:2:3:4:5:6:443') ?? '')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf(clientIpOf('198.51.100.4:51000') ?? '')).toBe('198.51.100.4');
  });
});
