/**
 * How the web build groups modules into chunks (docs/decisions/0008). Left to itself the bundler
 * makes a chunk per set of screens and parts sharing some modules: 17 files for /chat at start-up
 * (a browser fetches at most six at a time from one HTTP/1.1 server), and a part loaded on demand
 * split the chat screen's own code into more small chunks, which compress worse. Two groups:
 *   - `startup`: every module the entry script (src/main.tsx) reaches through static imports. The
 *     entry script keeps its own chunk: it awaits at its top level, and a screen importing from
 *     that chunk would wait for the await to finish.
 *   - `chat`: what the chat screen (src/features/chat/ChatPage.tsx) reaches statically and start-up
 *     does not. Parts it loads on demand keep only their own modules.
 */
interface ModuleLike {
  isEntry: boolean;
  importers: string[];
}
interface ChunkingContext {
  getModuleInfo(id: string): ModuleLike | null;
}

/** Whether a module is a root (`isRoot`) or is reached from one through static imports only. */
function reachedFrom(isRoot: (id: string, context: ChunkingContext) => boolean) {
  const known = new Map<string, boolean>();
  const reached = (id: string, context: ChunkingContext, path = new Set<string>()): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    if (isRoot(id, context)) return true;
    const info = context.getModuleInfo(id);
    if (!info) return false;
    path.add(id);
    let result = false;
    for (const importer of info.importers) {
      if (!path.has(importer) && reached(importer, context, path)) {
        result = true;
        break;
      }
    }
    path.delete(id);
    // Only a complete answer is remembered: one cut short by a cycle may differ from another path.
    if (result || path.size === 0) known.set(id, result);
    return result;
  };
  return reached;
}

/** The entry (index.html) and the script it names. */
function isEntryScript(id: string, context: ChunkingContext): boolean {
  const info = context.getModuleInfo(id);
  return !!info && (info.isEntry || info.importers.some((importer) => context.getModuleInfo(importer)?.isEntry));
}

const CHAT_SCREEN = /[\\/]src[\\/]features[\\/]chat[\\/]ChatPage\.tsx$/;

export function chunkGroups() {
  const atStartup = reachedFrom(isEntryScript);
  const inChat = reachedFrom((id) => CHAT_SCREEN.test(id));
  return [
    {
      debugName: 'startup',
      priority: 2,
      name: (id: string, context: ChunkingContext) =>
        !isEntryScript(id, context) && atStartup(id, context) ? 'startup' : null,
    },
    {
      debugName: 'chat',
      priority: 1,
      name: (id: string, context: ChunkingContext) => (inChat(id, context) ? 'chat' : null),
    },
  ];
}
