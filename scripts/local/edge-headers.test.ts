import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, clientIpOf, ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import { edgeHeaders, viewerAddress } from './edge-headers';

describe('edge headers of the local gateways', () => {
  it('name the viewer as CloudFront-Viewer-Address does, ip:port', () => {
    expect(viewerAddress({ remoteAddress: '127.0.0.1', remotePort: 51000 })).toBe('127.0.0.1:51000');
    expect(viewerAddress({ remoteAddress: '::ffff:192.0.2.7', remotePort: 51000 })).toBe('192.0.2.7:51000');
    expect(viewerAddress({ remoteAddress: '::1', remotePort: 51000 })).toBe('::1:51000');
    expect(viewerAddress({ remoteAddress: '::ffff:1', remotePort: 51000 })).toBe('::ffff:1:51000');
  });

  it('give the functions back the client IP through the shared reader', () => {
    for (const ip of ['127.0.0.1', '::1', '2001:db8::7']) expect(clientIpOf(viewerAddress({ remoteAddress: ip, remotePort: 443 }))).toBe(ip);
  });

  it('carry the origin secret and the viewer address', () => {
    expect(edgeHeaders({ remoteAddress: '127.0.0.1', remotePort: 51000 }, 'secret')).toEqual({
      [ORIGIN_VERIFY_HEADER]: 'secret',
      [CLIENT_ADDRESS_HEADER]: '127.0.0.1:51000',
    });
  });
});
