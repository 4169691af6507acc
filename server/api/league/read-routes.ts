/** Placeholder: the league's read routes are being written (issue 11). */
import type { FastifyInstance } from 'fastify';
import type { LeagueModuleOptions } from './index.js';

export async function leagueReadRoutes(_app: FastifyInstance, _options: LeagueModuleOptions): Promise<void> {}
