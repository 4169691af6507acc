/**
 * GET /app (chat-protocol.md §4.1): the app settings the client reads, above all the upload
 * configs its attachment manager checks before every upload. The upload routes enforce exactly
 * these configs (`uploadConfigs`), so what the client is told is what the server does.
 * PATCH /app (`updateAppSettings`, server-side): services/app-settings.ts.
 */
import { APP_NAME, uploadConfigs } from '../uploads/upload-config.js';
import type { FastifyInstance } from 'fastify';
import { CHANNEL_TYPES } from '../channel-types.js';
import { ok, type Sandbox } from '../sandbox.js';
import { GET_APP, UPDATE_APP } from '../schema/app.js';
import { updateAppSettings, type AppSettingsUpdate } from '../services/app-settings.js';

export async function appRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.get('/app', { schema: GET_APP }, async () => {
    const uploads = uploadConfigs(sandbox.settings.uploadSizeLimit);
    return ok({
      app: {
        name: APP_NAME,
        organization: 'Sideline',
        placement: 'local',
        file_upload_config: uploads.file,
        image_upload_config: uploads.image,
        channel_configs: Object.fromEntries(Object.entries(CHANNEL_TYPES).map(([name, type]) => [name, type.config])),
        disable_auth_checks: false,
        disable_permissions_checks: false,
        permission_version: 'v2',
        multi_tenant_enabled: sandbox.settings.multiTenant,
        enforce_unique_usernames: 'no',
        auto_translation_enabled: false,
        image_moderation_enabled: false,
        moderation_enabled: false,
        poll_enabled: true,
        reminders_interval: 60,
        suspended: false,
        user_search_disallowed_roles: [],
        call_types: {},
      },
    });
  });

  app.patch<{ Body: AppSettingsUpdate }>('/app', { schema: UPDATE_APP }, async (request) => {
    updateAppSettings(sandbox, request.chatActor, request.body ?? {});
    return ok({});
  });
}
