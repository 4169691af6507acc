import { RuleTester } from 'eslint';
import { resolve } from 'node:path';
import { describe, it } from 'vitest';
import plugin from './import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = resolve(import.meta.dirname, '../..');
const zones = [
  {
    target: ['./src/features/chat'],
    from: ['./src/features'],
    except: ['./src/features/chat'],
    message: 'no feature to feature',
  },
  {
    target: ['./machines/upload'],
    from: ['./machines'],
    except: ['./machines/upload', './machines/shared'],
    message: 'machines stay apart',
  },
  {
    target: ['./server/chat-sandbox'],
    exceptTargets: ['./server/chat-sandbox/routes', './server/chat-sandbox/index.ts'],
    from: ['./server/chat-sandbox/routes'],
    message: 'domain code does not import routes',
  },
];
const at = (file: string) => resolve(root, file);

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'import-boundaries',
  plugin.rules['import-boundaries'],
  {
    valid: [
      {
        code: "import { x } from './channels.js';",
        filename: at('server/chat-sandbox/routes/messages.ts'),
        options: [{ zones }],
      },
      {
        code: "import { channelRoutes } from './routes/channels.js';",
        filename: at('server/chat-sandbox/index.ts'),
        options: [{ zones }],
      },
      { code: "import { x } from './composer';", filename: at('src/features/chat/index.ts'), options: [{ zones }] },
      {
        code: "import { api } from '../../lib/api';",
        filename: at('src/features/chat/index.ts'),
        options: [{ zones }],
      },
      {
        code: "import { x } from '../dashboard/a';",
        filename: at('src/features/league/index.ts'),
        options: [{ zones }],
      },
      {
        code: "import { b } from '../shared/backoff';",
        filename: at('machines/upload/upload.machine.ts'),
        options: [{ zones }],
      },
      {
        code: "import { setup } from 'xstate';",
        filename: at('machines/upload/upload.machine.ts'),
        options: [{ zones }],
      },
    ],
    invalid: [
      {
        code: "import { x } from '../dashboard/a';",
        filename: at('src/features/chat/index.ts'),
        options: [{ zones }],
        errors: [{ messageId: 'restricted' }],
      },
      {
        code: "const page = import('../../league/LeaguePage');",
        filename: at('src/features/chat/deep/index.ts'),
        options: [{ zones }],
        errors: [{ messageId: 'restricted' }],
      },
      {
        code: "export * from '../../dashboard/a';",
        filename: at('src/features/chat/deep/index.ts'),
        options: [{ zones }],
        errors: [{ messageId: 'restricted' }],
      },
      {
        code: "import { x } from '../routes/common.js';",
        filename: at('server/chat-sandbox/services/messages.ts'),
        options: [{ zones }],
        errors: [{ messageId: 'restricted' }],
      },
      {
        code: "const m = import('../session/session.machine');",
        filename: at('machines/upload/upload.machine.ts'),
        options: [{ zones }],
        errors: [{ messageId: 'restricted' }],
      },
    ],
  },
);
