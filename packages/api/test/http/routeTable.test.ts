import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/httpError.ts';
import { RouteTable, type RouteGuards } from '../../src/http/routeTable.ts';

/** Guards over two request headers, so each case says which check it passes. */
const guards: RouteGuards<{ name: string }> = {
  requireAccounts(request: FastifyRequest) {
    if (request.headers['x-accounts'] !== 'on') throw new HttpError(404, 'no accounts');
  },
  async getUser(request: FastifyRequest) {
    const name = request.headers['x-user'];
    if (typeof name !== 'string') throw new HttpError(401, 'log in');
    return { name };
  },
};

async function appWith(routes: RouteTable<{ name: string }>, add: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  app.setErrorHandler((error: HttpError, _request, reply) => reply.code(error.statusCode).send(error.body));
  add(app);
  await app.ready();
  return app;
}

describe('RouteTable', () => {
  it('hands the handler the path parameters its URL names, extensions left out', async () => {
    const routes = new RouteTable(guards);
    const app = await appWith(routes, (app) =>
      routes.add(
        app,
        { method: 'GET', url: '/v1/tiles/:z/:x/:y.pbf', operationId: 'tile', summary: '', tag: 't' },
        async (_request, _reply, { params, user }) => ({ params, user: user ?? null }),
      ),
    );
    const answer = await app.inject({ method: 'GET', url: '/v1/tiles/3/4/5.pbf' });
    expect(answer.json()).toEqual({ params: { z: '3', x: '4', y: '5' }, user: null });
  });

  it('answers an account route 404 without accounts before it asks for a user, and 401 without one', async () => {
    const routes = new RouteTable(guards);
    let calls = 0;
    const app = await appWith(routes, (app) =>
      routes.add(
        app,
        {
          method: 'GET',
          url: '/v1/things/:id',
          operationId: 'thing',
          summary: '',
          tag: 't',
          auth: 'required',
          accounts: true,
        },
        async (_request, _reply, { params, user }) => {
          calls += 1;
          return { id: params.id, user: user.name };
        },
      ),
    );
    const call = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/v1/things/7', headers });
    expect((await call({ 'x-user': 'ann' })).statusCode).toBe(404);
    expect((await call({ 'x-accounts': 'on' })).statusCode).toBe(401);
    expect(calls).toBe(0);
    expect((await call({ 'x-accounts': 'on', 'x-user': 'ann' })).json()).toEqual({ id: '7', user: 'ann' });
  });

  it('knows which route patterns are private or outside the general budget', () => {
    const routes = new RouteTable(guards);
    const app = Fastify();
    const spec = { method: 'GET', operationId: 'o', summary: '', tag: 't' } as const;
    routes.add(app, { ...spec, url: '/v1/mine', private: true }, async () => ({}));
    routes.add(app, { ...spec, url: '/v1/map', outsideGeneralBudget: true }, async () => ({}));
    expect([routes.isPrivate('/v1/mine'), routes.isPrivate('/v1/map'), routes.isPrivate(undefined)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(routes.isOutsideGeneralBudget('/v1/map')).toBe(true);
    expect(routes.isOutsideGeneralBudget('/v1/mine')).toBe(false);
  });
});
