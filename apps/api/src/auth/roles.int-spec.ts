import { jest } from '@jest/globals';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { createUser, startTestApi, type TestApi, type TestUser } from '@app/testing';
import { IS_PUBLIC, ROLES } from './decorators.js';

jest.setTimeout(30_000);

interface Route {
  method: string;
  path: string;
  roles: string[] | undefined;
  isPublic: boolean;
}

const join = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

/** Every HTTP route the running api serves, read from its controllers' metadata. */
function routesOf(api: TestApi): Route[] {
  const routes: Route[] = [];
  for (const module of api.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const roles = (Reflect.getMetadata(ROLES, handler) ?? Reflect.getMetadata(ROLES, controller)) as
          string[] | undefined;
        const isPublic = !!(Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, controller));
        for (const p of Array.isArray(path) ? path : [path]) {
          const full = join(base, p).replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
          routes.push({ method, path: full === '/metrics' ? full : join('api/v1', full), roles, isPublic });
        }
      }
    }
  }
  return routes;
}

describe('roles: server-side, default deny', () => {
  let api: TestApi;
  let player: TestUser;
  let admin: TestUser;
  let routes: Route[];
  beforeAll(async () => {
    api = await startTestApi();
    player = await createUser(api);
    admin = await createUser(api, { role: 'super-admin' });
    routes = routesOf(api);
  });
  afterAll(() => api.close());

  const adminRoutes = () => routes.filter((r) => r.roles?.includes('super-admin'));
  const call = (r: Route, token?: string) =>
    api.request(r.method, r.path, { token, body: ['POST', 'PUT', 'PATCH'].includes(r.method) ? {} : undefined });

  it('finds the admin routes (the admin payment review at least)', () => {
    const paths = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/v1/admin/pending-deposits',
        'GET /api/v1/admin/pending-withdraws',
        'PUT /api/v1/admin/update-transaction-status',
      ]),
    );
  });

  it('every admin route refuses an anonymous caller (401) and a player (403)', async () => {
    for (const route of adminRoutes()) {
      const anonymous = await call(route);
      expect({
        route: `${route.method} ${route.path}`,
        status: anonymous.status,
        message: anonymous.body.message,
      }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
        message: 'Please log in to continue.',
      });
      const asPlayer = await call(route, player.token);
      expect({
        route: `${route.method} ${route.path}`,
        status: asPlayer.status,
        message: asPlayer.body.message,
      }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
        message: 'You do not have access to this.',
      });
      const asAdmin = await call(route, admin.token);
      expect([401, 403]).not.toContain(asAdmin.status);
    }
  });

  it('an access token with a forged role or signature is refused', async () => {
    const [header, payload] = player.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'super-admin' })).toString('base64url')}.${player.token.split('.')[2]}`;
    const route = adminRoutes()[0]!;
    expect((await call(route, forged)).status).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, role: 'super-admin' })).toString('base64url')}.`;
    expect((await call(route, none)).status).toBe(401);
  });

  it('every route not marked public refuses an anonymous caller (401)', async () => {
    const guarded = routes.filter((r) => !r.isPublic);
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of guarded) {
      const res = await call(route);
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
    }
  });
});
