import type { FastifyInstance } from 'fastify';
import type { AppContext, AppRoutes } from '../context.ts';
import { registerLoginRoutes } from './loginRoutes.ts';
import { registerPasswordResetRoutes } from './passwordResetRoutes.ts';
import { registerProfileRoutes } from './profileRoutes.ts';
import { registerRegistrationRoutes } from './registrationRoutes.ts';

/**
 * Registration, activation, login/logout, profile and password reset (SPEC §7); rules in
 * docs/SECURITY.md. Registered in this order, which is the OpenAPI document's.
 */
export function registerAccountRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  registerRegistrationRoutes(app, routes, ctx);
  registerLoginRoutes(app, routes, ctx);
  registerProfileRoutes(app, routes, ctx);
  registerPasswordResetRoutes(app, routes, ctx);
}
