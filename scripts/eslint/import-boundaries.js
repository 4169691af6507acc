// A small local ESLint rule for the dependency direction in docs/architecture.md: a file inside
// a zone's `target` folder (and not inside one of its `exceptTargets`) may not import
// (statically, dynamically or by re-export) a relative path inside the zone's `from` folders,
// unless the path is inside one of `except`.
// Bare package imports are left to no-restricted-imports.
import { dirname, relative, resolve } from 'node:path';

const inside = (file, folder) => {
  const rel = relative(folder, file);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
};

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import direction between folders' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'array', items: { type: 'string' } },
                from: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                exceptTargets: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: { restricted: 'Import of "{{source}}" crosses a boundary: {{message}}' },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const zones = (context.options[0]?.zones ?? [])
      .map((zone) => ({
        target: zone.target.map((t) => resolve(root, t)),
        from: zone.from.map((f) => resolve(root, f)),
        except: (zone.except ?? []).map((e) => resolve(root, e)),
        exceptTargets: (zone.exceptTargets ?? []).map((e) => resolve(root, e)),
        message: zone.message,
      }))
      .filter((zone) => zone.target.some((t) => inside(file, t)) && !zone.exceptTargets.some((e) => inside(file, e)));
    if (zones.length === 0) return {};

    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = resolve(dirname(file), source);
      for (const zone of zones) {
        const restricted = zone.from.some((f) => inside(imported, f)) && !zone.except.some((e) => inside(imported, e));
        if (restricted) context.report({ node, messageId: 'restricted', data: { source, message: zone.message } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
