import path from 'node:path';

/**
 * ESLint rule: a file may import only what a positive list names — its own folder tree (relative imports that stay
 * inside `root`) and the listed packages (a package or any of its sub-paths). Everything else is refused, whatever
 * it is: an app, another @app/* library, Node's built-ins, React, Nest, a database or Redis client. Used to keep
 * libs/domain pure (it runs unchanged in the browser and on the server).
 */
export const domainImports = {
  meta: {
    type: 'problem',
    docs: { description: 'only imports on the positive list' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, allow: { type: 'array', items: { type: 'string' } } },
        required: ['root', 'allow'],
        additionalProperties: false,
      },
    ],
    messages: {
      notAllowed: "'{{source}}' may not be imported here: {{root}} imports only its own files and {{allowed}}.",
      outside: "'{{source}}' leaves {{root}}, which imports only its own files and {{allowed}}.",
    },
  },
  create(context) {
    const { root, allow } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const allowed = allow.join(', ');
    const check = (node, value) => {
      if (typeof value !== 'string') return;
      if (value.startsWith('./') || value.startsWith('../')) {
        const target = path.resolve(path.dirname(context.filename), value);
        if (target !== rootDir && !target.startsWith(rootDir + path.sep))
          context.report({ node, messageId: 'outside', data: { source: value, root, allowed } });
        return;
      }
      if (!allow.some((name) => value === name || value.startsWith(`${name}/`)))
        context.report({ node, messageId: 'notAllowed', data: { source: value, root, allowed } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      CallExpression: (node) => {
        if (
          node.callee.type === 'Identifier' &&
          node.callee.name === 'require' &&
          node.arguments[0]?.type === 'Literal'
        )
          check(node.arguments[0], node.arguments[0].value);
      },
      // TypeScript's own forms: `import fs = require('fs')` and a type taken with `import('node:fs').Stats`.
      TSExternalModuleReference: (node) =>
        node.expression.type === 'Literal' && check(node.expression, node.expression.value),
      TSImportType: (node) => {
        const source = node.source ?? node.argument?.literal ?? node.argument;
        if (source?.type === 'Literal') check(source, source.value);
      },
    };
  },
};

export default { rules: { 'domain-imports': domainImports } };
