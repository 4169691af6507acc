/**
 * The composer's context: what it starts with (its input, or a draft of its own restored), what an
 * empty composition is, the settings `composer.configure` may change, and the children a
 * composition holds. Used by the composer's setup (actions, guards) and its machine.
 */
import { DEFAULT_UPLOAD_LIMITS } from '../shared/composer-children';
import { findUrls, restoredContent } from './composer.rules';
import type { ComposerContext, ComposerDraft, ComposerInput, ComposerSettings } from './composer.types';

const randomId = () => globalThis.crypto.randomUUID();

/** The draft the composer may take from a `draft.arrived` event or its input. */
export const isOwnDraft = (draft: ComposerDraft | null | undefined, threadId: string | null) =>
  Boolean(draft) && (draft!.parent_id ?? draft!.message.parent_id ?? null) === threadId;

/** An empty composition, keeping configuration and the draft flag. */
/** Everything a composition holds besides its text. */
const NOTHING_COMPOSED = {
  mentions: [],
  quoted: null,
  editing: null,
  uploads: [],
  previews: [],
  pollId: null,
  location: null,
  errorKey: null,
  showInChannel: false,
} satisfies Partial<ComposerContext>;

export function emptyComposition(context: ComposerContext) {
  return { text: context.defaultText, urls: findUrls(context.defaultText), ...NOTHING_COMPOSED };
}

const maxLengthOf = (value: number | null | undefined) => (value && value > 0 ? value : null);
const cooldownSecondsOf = (value: number | undefined) => Math.max(0, Math.floor(value ?? 0));

/** The settings of `composer.configure` that were given, normalised as the input's are. */
export function configuredSettings(settings: ComposerSettings): Partial<ComposerContext> {
  const { maxLength, cooldownSeconds, ...rest } = settings;
  const given = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return {
    ...given,
    ...(maxLength !== undefined ? { maxLength: maxLengthOf(maxLength) } : {}),
    ...(cooldownSeconds !== undefined ? { cooldownSeconds: cooldownSecondsOf(cooldownSeconds) } : {}),
  };
}

export function initialContext(input: ComposerInput | undefined): ComposerContext {
  const newId = input?.newId ?? randomId;
  const context: ComposerContext = {
    threadId: input?.threadId ?? null,
    maxLength: maxLengthOf(input?.maxLength),
    cooldownSeconds: cooldownSecondsOf(input?.cooldownSeconds),
    cooldownExempt: input?.cooldownExempt ?? false,
    draftsEnabled: input?.draftsEnabled ?? false,
    typingEvents: input?.typingEvents ?? true,
    urlEnrichment: input?.urlEnrichment ?? false,
    commands: input?.commands ?? [],
    defaultText: input?.defaultText ?? '',
    uploadLimits: input?.uploadLimits ?? { image: DEFAULT_UPLOAD_LIMITS, file: DEFAULT_UPLOAD_LIMITS },
    canUploadFile: input?.canUploadFile ?? true,
    deviceId: input?.deviceId ?? newId(),
    newId,
    now: input?.now ?? Date.now,
    text: '',
    urls: [],
    ...NOTHING_COMPOSED,
    draftAtStart: false,
  };
  const base = { ...context, ...emptyComposition(context) };
  const draft = input?.draft;
  if (!base.draftsEnabled || !isOwnDraft(draft, base.threadId)) return base;
  const restored = restoredContent(draft!.message, draft!.quoted_message ?? draft!.message.quoted_message, base, false);
  return { ...base, ...restored, text: restored.text || base.defaultText, draftAtStart: true };
}
