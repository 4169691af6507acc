/** The product API under /api: sessions first, then the CSRF guard, then the modules. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { errorBody } from '../http/errors.js';
import { AvatarFiles } from '../storage/avatar-files.js';
import { authRoutes } from './auth/auth-routes.js';
import { chatSyncRoutes } from './chat/chat-sync-routes.js';
import type { ChatDirectory } from './chat/chat-users.js';
import { memberSync, tokenRevocation } from './chat/member-sync.js';
import { memberTeams } from './chat/chat-teams.js';
import { LoginThrottle, RegisterThrottle } from './auth/login-throttle.js';
import { leagueModule } from './league/index.js';
import { csrfRoutes, registerCsrfGuard } from './csrf/csrf.js';
import sessionPlugin from './sessions/session-plugin.js';
import { SessionStore } from './sessions/session-store.js';
import { UserRepo } from './users/user-repo.js';
import { userRoutes } from './users/user-routes.js';

export interface ApiOptions {
  config: Config;
  database: Database;
  /** Mirrors members into the chat service. */
  chat: ChatDirectory;
}

export async function productApi(app: FastifyInstance, { config, database, chat }: ApiOptions): Promise<void> {
  const { db } = database;
  const users = new UserRepo(db);
  const syncMember = memberSync(users, (id) => memberTeams(db, id), chat, app.log);
  const revokeChatTokens = tokenRevocation(chat, app.log);

  await app.register(sessionPlugin, {
    store: new SessionStore(db, config.sessionSecret, config.sessionTtlDays, revokeChatTokens),
  });
  registerCsrfGuard(app);

  await app.register(csrfRoutes);
  await app.register(authRoutes, {
    users,
    throttle: new LoginThrottle(db, {
      maxFailures: config.loginMaxFailures,
      windowSeconds: config.loginWindowSeconds,
      maxDelaySeconds: config.loginMaxDelaySeconds,
      addressMaxFailures: config.loginAddressMaxFailures,
      emailMaxFailures: config.loginEmailMaxFailures,
    }),
    registerThrottle: new RegisterThrottle(db, config.registerMaxPerAddress, config.registerWindowSeconds),
    chatSecret: config.chatApiSecret,
    chatTokenTtlSeconds: config.chatTokenTtlSeconds,
    onUserCreated: syncMember,
    onSignedIn: syncMember,
    onSignedOut: (userId) => revokeChatTokens([userId]),
  });
  await app.register(userRoutes, {
    users,
    avatars: new AvatarFiles(config.dataDir, 'avatars'),
    avatarMaxBytes: config.avatarMaxBytes,
    avatarMaxPixels: config.avatarMaxPixels,
    avatarSize: config.avatarSize,
    onUserChanged: syncMember,
  });

  await app.register(leagueModule, {
    database,
    chat,
    cacheLeagues: config.leagueCacheLeagues,
    cacheBodies: config.leagueCacheBodies,
    schedule: {
      maxTeams: config.scheduleMaxTeams,
      maxTimes: config.scheduleMaxTimes,
      maxVenues: config.scheduleMaxVenues,
    },
    invitations: {
      maxUses: config.invitationMaxUses,
      defaultDays: config.invitationDefaultDays,
      maxDays: config.invitationMaxDays,
      maxOpen: config.invitationMaxOpen,
      lookupMaxMisses: config.invitationMaxMisses,
      lookupWindowSeconds: config.invitationWindowSeconds,
    },
    maxTeams: config.leagueMaxTeams,
    shirtMax: config.playerShirtMax,
    squadLimit: config.leagueSquadLimit,
    adjustmentMaxPoints: config.adjustmentMaxPoints,
    crests: {
      files: new AvatarFiles(config.dataDir, 'crests'),
      maxBytes: config.crestMaxBytes,
      maxPixels: config.avatarMaxPixels,
      size: config.avatarSize,
    },
  });

  await app.register(chatSyncRoutes, { database, wake: () => app.chatOutbox.wake() });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, `There is no ${request.method} ${request.url.split('?')[0]} in the API`));
  });
}
