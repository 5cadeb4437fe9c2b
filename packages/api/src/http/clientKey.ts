import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client a per-client limit counts: the request's address as Fastify found it (the socket's
 * peer, or the address the trusted proxies saw when TRUST_PROXY is set — never a client-supplied
 * X-Forwarded-For otherwise). An IPv6 client is its /64, because one subscriber holds a whole /64
 * and could otherwise take a fresh address, and a fresh budget, for every request.
 */
export function clientKey(request: FastifyRequest): string {
  return clientKeyOf(request.ip);
}

/** `clientKey` for an address: IPv4 as is (also when IPv4-mapped), IPv6 as its /64 prefix. */
export function clientKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address.toLowerCase();
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail (a:b::1.2.3.4) sits in the last 32 bits, outside the /64.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - width(headGroups) - width(tailGroups)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The wider address block a client sits in: an IPv4 /24 or an IPv6 /48 (a site's usual
 * allocation). Caps per block stop one network from filling a server-wide pool with many
 * addresses, each within its own per-client cap (issue 30, finding 6).
 */
export function clientBlockKey(request: FastifyRequest): string {
  const client = clientKeyOf(request.ip);
  if (isIPv4(client)) return `${client.split('.').slice(0, 3).join('.')}.0/24`;
  if (client.endsWith('::/64')) return `${client.split(':').slice(0, 3).join(':')}::/48`;
  return client;
}
