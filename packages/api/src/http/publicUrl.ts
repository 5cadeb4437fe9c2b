import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The origin of absolute links (e-mails, tile URLs) for a request. It comes from configuration
 * only: the request's brand's own host when the request came to it, else PUBLIC_URL, else the
 * address the server listens on. A forged Host header never reaches a link.
 */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  const configured = config.publicUrl ?? listenOrigin(config, request);
  const hostname = request.hostname.toLowerCase();
  const ownHost = request.brand.settings.hosts.find((h) => h.toLowerCase() === hostname);
  if (!ownHost) return configured;
  // Brand hosts are hostnames: the scheme and port are the configured origin's.
  const { protocol, port } = new URL(configured);
  return `${protocol}//${ownHost.toLowerCase()}${port ? `:${port}` : ''}`;
}

function listenOrigin(config: Config, request: FastifyRequest): string {
  const host = config.host;
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${request.socket.localPort}`;
}
