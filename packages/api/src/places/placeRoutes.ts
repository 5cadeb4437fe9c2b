import { PlacesQuery, PlacesResponse, ReverseQuery, ReverseResponse } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppRoutes } from '../context.ts';
import { parseOr422 } from '../http/httpError.ts';

/** Address suggestions and reverse geocoding from the region's own place index. */
export function registerPlaceRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/places',
      operationId: 'searchPlaces',
      tag: 'places',
      summary: 'Place suggestions for the address inputs',
      query: PlacesQuery,
      response: PlacesResponse,
    },
    async (request) => {
      const input = parseOr422(PlacesQuery, request.query);
      return { data: await ctx.planner.getPlanner().autocomplete(input.q, input.limit) };
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/places/reverse',
      operationId: 'reverseGeocode',
      tag: 'places',
      summary: 'The nearest named place to a point (current location)',
      query: ReverseQuery,
      response: ReverseResponse,
    },
    async (request) => {
      const input = parseOr422(ReverseQuery, request.query);
      return { data: await ctx.planner.getPlanner().reverse(input.lat, input.lng) };
    },
  );
}
