import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/httpError.ts';
import { publicOrigin } from '../http/publicUrl.ts';
import type { RouteTable } from '../http/routeTable.ts';
import { buildMapStyle } from './mapStyle.ts';
import { MapTiles, MAX_TILE_ZOOM } from './mapTiles.ts';

/** Vector tiles of the region's base map and a brand-coloured MapLibre style that uses them. */
export function registerTileRoutes(app: FastifyInstance, routes: RouteTable, ctx: AppContext): void {
  let tiles: MapTiles | null = null;

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/tiles/style.json',
      tag: 'map',
      summary: 'MapLibre style of the brand over the street tiles',
    },
    async (request, reply) => {
      const region = ctx.planner.getPlanner().regionInfo();
      reply.header('cache-control', 'public, max-age=300');
      return buildMapStyle(
        request.brand.settings,
        region,
        `${publicOrigin(ctx, request)}/v1/tiles/{z}/{x}/{y}.pbf`,
      );
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/tiles/:z/:x/:y.pbf',
      tag: 'map',
      summary: 'A vector tile (MVT: layers streets and places); 204 when empty',
      produces: 'application/vnd.mapbox-vector-tile',
    },
    async (request, reply) => {
      const { z, x, y } = request.params as Record<string, string>;
      const [zi, xi, yi] = [Number(z), Number(x), Number(y)];
      const valid =
        [zi, xi, yi].every(Number.isInteger) &&
        zi >= 0 &&
        zi <= 22 &&
        xi >= 0 &&
        yi >= 0 &&
        xi < 2 ** zi &&
        yi < 2 ** zi;
      if (!valid) throw new HttpError(400, 'Tile coordinates out of range.');
      if (zi > MAX_TILE_ZOOM)
        throw new HttpError(404, `Tiles go up to zoom ${MAX_TILE_ZOOM}; over-zoom from there.`);
      tiles ??= new MapTiles(ctx.planner.getPlanner());
      const tile = tiles.getTile(zi, xi, yi);
      reply.header('cache-control', 'public, max-age=86400');
      if (!tile) return reply.code(204).send();
      return reply.header('content-type', 'application/vnd.mapbox-vector-tile').send(Buffer.from(tile));
    },
  );
}
