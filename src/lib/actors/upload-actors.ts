/**
 * The upload machine's real I/O: `channel.sendImage` for images and `channel.sendFile` for
 * everything else (POST /channels/{type}/{id}/image|file), with axios's `onUploadProgress`
 * reported to the machine as percentages and the request aborted (axios `signal`) when the
 * machine stops it (the upload was removed). Also reads the upload limits of GET /app.
 */
import type { Channel, FileUploadConfig, SendFileAPIResponse, StreamChat } from 'stream-chat';
import { fromPromise } from 'xstate';
import { attachmentTypeOf } from '../../../machines/upload/upload.rules';
import {
  DEFAULT_UPLOAD_SIZE_LIMIT,
  isImageFile,
  type UploadedAttachment,
  type UploadFile,
  type UploadLimits,
  type UploadLimitsByKind,
} from '../../../machines/shared/composer-children';
import type { UploadFailure, UploadFileInput } from '../../../machines/upload/upload.types';

type RequestConfig = NonNullable<Parameters<Channel['sendFile']>[4]>;
type ProgressEvent = Parameters<NonNullable<RequestConfig['onUploadProgress']>>[0];
type Uploadable = Parameters<Channel['sendFile']>[0];

/**
 * A chat call's failure as the machines word it: the service's own message when it answered
 * (not stream-chat's "StreamChat error code …" wrapper), a network error when nothing came back.
 */
export function chatFailureOf(error: unknown): Error & UploadFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    message?: unknown;
    isAxiosError?: unknown;
    response?: { data?: { message?: unknown } };
  };
  const served = e.response?.data?.message;
  const message =
    typeof served === 'string' && served !== ''
      ? served
      : typeof e.message === 'string' && e.message !== ''
        ? e.message
        : 'unknown error';
  const failure = new Error(message, { cause: error }) as Error & UploadFailure;
  failure.isNetworkError = e.isAxiosError === true && !e.response;
  return failure;
}

/**
 * stream-chat's node build posts with the `form-data` package, which takes Buffers and streams
 * but not Blobs; in the browser the File goes as it is. Node is told by `process.versions.node`,
 * not by the absence of `window`: component tests run the node build under jsdom, which has one.
 */
const runsOnNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
/** jsdom's Blob has no `arrayBuffer()`; its FileReader reads it. */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}
export async function uploadableOf(blob: unknown): Promise<Uploadable> {
  if (runsOnNode && blob instanceof Blob) return Buffer.from(await bytesOf(blob));
  return blob as Uploadable;
}

function attachmentOf(file: UploadFile, response: SendFileAPIResponse): UploadedAttachment {
  const common = { title: file.name, mime_type: file.type, file_size: file.size };
  const type = attachmentTypeOf(file.type);
  return type === 'image'
    ? { type, image_url: response.file, thumb_url: response.thumb_url ?? response.file, ...common }
    : { type, asset_url: response.file, ...(response.thumb_url ? { thumb_url: response.thumb_url } : {}), ...common };
}

/** `machine.provide({ actors: createUploadActors(channel) })` for one channel's composer. */
export function createUploadActors(channel: Channel) {
  return {
    uploadFile: fromPromise<UploadedAttachment, UploadFileInput>(async ({ input, signal }) => {
      const { file } = input;
      let reported = -1;
      const onUploadProgress = (event: ProgressEvent) => {
        if (signal.aborted) return;
        // Node's form-data body may not tell axios its length; the file's size does.
        const total = event.total || file.size;
        if (!total) return;
        const percent = Math.min(100, Math.floor((event.loaded * 100) / total));
        if (percent === reported) return;
        reported = percent;
        input.onProgress(percent);
      };
      const config: RequestConfig = { onUploadProgress, signal };
      const source = await uploadableOf(input.blob);
      const type = file.type || undefined;
      try {
        const response = isImageFile(file)
          ? await channel.sendImage(source as Parameters<Channel['sendImage']>[0], file.name, type, undefined, config)
          : await channel.sendFile(source, file.name, type, undefined, config);
        return attachmentOf(file, response);
      } catch (error) {
        throw chatFailureOf(error);
      }
    }),
  };
}

/** Upload limits per kind: images are checked against `image_upload_config`, the rest `file_upload_config`. */
function limitsOf(config: FileUploadConfig | undefined): UploadLimits {
  return {
    allowedFileExtensions: config?.allowed_file_extensions ?? [],
    blockedFileExtensions: config?.blocked_file_extensions ?? [],
    allowedMimeTypes: config?.allowed_mime_types ?? [],
    blockedMimeTypes: config?.blocked_mime_types ?? [],
    sizeLimit: config?.size_limit || DEFAULT_UPLOAD_SIZE_LIMIT,
  };
}

/**
 * The app's upload limits (GET /app). The app settings are fetched once and cached (spec
 * section 7): the client's pending or settled request is reused, and fetched again only if it
 * failed.
 */
export async function readUploadLimits(client: StreamChat): Promise<UploadLimitsByKind> {
  const settings = await (client.appSettingsPromise ?? client.getAppSettings()).catch(() => client.getAppSettings());
  return { image: limitsOf(settings.app?.image_upload_config), file: limitsOf(settings.app?.file_upload_config) };
}
