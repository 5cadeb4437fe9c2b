import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppRoutes } from '../context.ts';
import { HttpError } from '../http/httpError.ts';
import { publicOrigin } from '../http/publicUrl.ts';
import { FONT_STACKS } from './glyphs/fontStacks.ts';
import { buildMapStyle } from './mapStyle.ts';
import { MapTiles, MAX_TILE_ZOOM } from './mapTiles.ts';

/** Glyph ranges change only with the font or the generator, which a release brings. */
const GLYPH_CACHE = 'public, max-age=2592000';

/**
 * Vector tiles of the region's base map, a brand-coloured MapLibre style that uses them, and the
 * glyph ranges of its labels (built ahead by scripts/build-glyphs.ts into `ctx.config.glyphsDir`).
 */
export function registerTileRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  let tiles: MapTiles | null = null;

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/tiles/style.json',
      operationId: 'getMapStyle',
      tag: 'map',
      summary: 'MapLibre style of the brand over the street tiles',
    },
    async (request, reply) => {
      const region = ctx.planner.getPlanner().regionInfo();
      reply.header('cache-control', 'public, max-age=300');
      return buildMapStyle(
        request.brand.settings,
        region,
        `${publicOrigin(ctx.config, request)}/v1/tiles/{z}/{x}/{y}.pbf`,
        `${publicOrigin(ctx.config, request)}/v1/tiles/fonts/{fontstack}/{range}.pbf`,
      );
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/tiles/:z/:x/:y.pbf',
      operationId: 'getMapTile',
      tag: 'map',
      summary: 'A vector tile (MVT: layers streets and places); 204 when empty',
      produces: 'application/vnd.mapbox-vector-tile',
      noContent: 'Nothing of the map in this tile',
      outsideGeneralBudget: true,
    },
    async (_request, reply, { params: { z, x, y } }) => {
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

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/tiles/fonts/:fontstack/:range.pbf',
      operationId: 'getMapGlyphs',
      tag: 'map',
      summary:
        'Glyphs of the map labels (MapLibre SDF glyph PBF) for 256 characters from `start`: range is "{start}-{start+255}"',
      produces: 'application/x-protobuf',
      outsideGeneralBudget: true,
    },
    async (_request, reply, { params: { fontstack, range } }) => {
      // MapLibre joins a layer's font list with commas; the first font the server has answers.
      const stack = fontstack
        .split(',')
        .map((name) => FONT_STACKS.find((s) => s.name === name.trim()))
        .find((s) => s !== undefined);
      if (!stack) throw new HttpError(404, `No glyphs for the fonts ${fontstack}.`);
      const [start, end] = (/^(\d+)-(\d+)$/.exec(range) ?? []).slice(1).map(Number);
      if (start === undefined || end !== start + 255 || start % 256 !== 0 || start > 65280)
        throw new HttpError(
          400,
          'A glyph range is "{start}-{start+255}" with start a multiple of 256 below 65536.',
        );
      let data: Buffer;
      try {
        data = await readFile(join(ctx.config.glyphsDir, stack.name, `${start}-${end}.pbf`));
      } catch {
        throw new HttpError(404, 'The map glyphs are not built: run `node scripts/build-glyphs.ts`.');
      }
      return reply
        .header('cache-control', GLYPH_CACHE)
        .header('content-type', 'application/x-protobuf')
        .send(data);
    },
  );
}
