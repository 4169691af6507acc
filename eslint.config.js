// Lint: typescript-eslint (type-aware), React hooks rules, and the dependency direction of
// docs/architecture.md enforced as import boundaries:
//   - machines/ imports only xstate and machines/shared (never src/ or server/, never another machine);
//   - features never import each other, nor app/; components/ui, lib and i18n import no feature;
//   - the browser (src/, machines/) imports from server/ only type-only contracts.
//   - shared/ is pure code both sides use: it imports no package and nothing of ours outside shared/.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import sideline from './scripts/eslint/import-boundaries.js';

const folders = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

const featureZones = folders('src/features').map((name) => ({
  target: [`./src/features/${name}`],
  from: ['./src/features'],
  except: [`./src/features/${name}`],
  message: 'Features must not import each other; move shared code to src/lib or src/components/ui, or meet in src/app.',
}));

const machineZones = folders('machines')
  .filter((name) => name !== 'shared')
  .map((name) => ({
    target: [`./machines/${name}`],
    from: ['./machines'],
    except: [`./machines/${name}`, './machines/shared'],
    message: 'A machine may import only xstate, its own folder and machines/shared.',
  }));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/eslint/*.js', 'public/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { sideline },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Fastify plugins are async by contract even when they register routes synchronously.
      '@typescript-eslint/require-await': 'off',
      'sideline/import-boundaries': [
        'error',
        {
          zones: [
            ...featureZones,
            ...machineZones,
            {
              target: ['./machines'],
              from: ['./src', './server', './tests'],
              message: 'machines/ is framework-free: no src/, server/ or tests/ imports.',
            },
            {
              target: ['./src/features'],
              from: ['./src/app'],
              message: 'Features must not import the app shell; the app imports features.',
            },
            {
              target: ['./src/components', './src/lib', './src/i18n'],
              from: ['./src/features', './src/app'],
              message: 'Shared layers (components/ui, lib, i18n) must not depend on features or the app.',
            },
            {
              target: ['./server'],
              from: ['./src', './machines'],
              message: 'The server must not import browser code.',
            },
            {
              target: ['./server/api'],
              from: ['./server/chat-sandbox'],
              message: 'The product API reaches the chat service only through stream-chat, never the sandbox’s code.',
            },
            {
              target: ['./server/chat-sandbox'],
              exceptTargets: ['./server/chat-sandbox/routes', './server/chat-sandbox/index.ts'],
              from: ['./server/chat-sandbox/routes'],
              message: 'Routes call services; services, the store and domain code never import routes/.',
            },
            {
              target: ['./shared'],
              from: ['.'],
              except: ['./shared'],
              message: 'shared/ is pure code for the server and the browser: it imports nothing outside shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers of the chat sandbox: routes (HTTP shape and schema) → services (rules, store writes,
    // events) → store. A route reads what it answers with; it never writes a record or sends an event.
    files: ['server/chat-sandbox/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(save|delete|insert|ensure)/]:matches([callee.object.name='store'], [callee.object.property.name='store'])",
          message: 'Routes do not write records: call a service (server/chat-sandbox/services) that does.',
        },
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(to[A-Z]|watch$|unwatch$|add$|remove$|closeAll$)/]:matches([callee.object.name='gateway'], [callee.object.property.name='gateway'])",
          message: 'Routes do not send events or change watchers: call a service that does.',
        },
        {
          selector:
            "AssignmentExpression[left.type='MemberExpression'][left.computed=false]:not([left.object.type='ThisExpression'])",
          message: 'Routes do not change records: a service changes and saves them.',
        },
      ],
    },
  },
  {
    // Services take records, the actor and typed options; what the request says is the routes' job.
    files: ['server/chat-sandbox/services/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'fastify', message: 'Services never see the request or the reply: the route passes typed values.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'The browser may import only type-only contracts from server/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    // The machine tests and their harness may import vitest.
    ignores: ['machines/**/*.test.ts', 'machines/shared/machine-test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!xstate(/|$)|\\.{1,2}/)',
              message: 'machines/ may import only xstate and machines/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.{1,2}/)', message: 'shared/ is pure code: it imports no package, only shared/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // expect.any()/expect.stringContaining() are typed any.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  { files: ['eslint.config.js', 'scripts/eslint/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // Plain scripts the page loads as they are (not bundled): browser globals.
    files: ['public/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
