/**
 * App settings changed at run time (`PATCH /app`, the server-side client's `updateAppSettings`):
 * of the hosted service's many settings the sandbox keeps `multi_tenant_enabled` (tenancy.ts),
 * stored so a restart keeps it. Other known settings are accepted and ignored, as the sandbox has
 * no use for them. Only the server (API secret) may change the app.
 */
import type { Actor } from '../auth-context.js';
import { inputError, notAllowed } from '../errors.js';
import type { Sandbox } from '../sandbox.js';

export interface AppSettingsUpdate {
  multi_tenant_enabled?: unknown;
}

export function updateAppSettings(sandbox: Sandbox, actor: Actor, update: AppSettingsUpdate): void {
  if (!actor.server)
    throw notAllowed(
      `UpdateApp failed with error: "User '${actor.userId ?? ''}' is not allowed to perform action UpdateApp"`,
    );
  const { multi_tenant_enabled: multiTenant } = update;
  if (multiTenant === undefined) return;
  if (typeof multiTenant !== 'boolean') throw inputError('multi_tenant_enabled must be true or false');
  sandbox.settings.multiTenant = multiTenant;
  sandbox.store.saveApp({ multi_tenant_enabled: multiTenant });
}
