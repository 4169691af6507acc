import type { Rule } from 'eslint';

declare const plugin: { rules: Record<'import-boundaries', Rule.RuleModule> };
export default plugin;
