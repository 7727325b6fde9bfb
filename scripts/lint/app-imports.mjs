import path from 'node:path';

/**
 * ESLint rule: no file reaches into an app it does not belong to. A file under `apps/<name>/` imports only its own
 * app's files (and libraries by their `@app/*` alias); a file anywhere else (a library, the load tests, scripts)
 * imports no app file at all. The one door is `gateway` (libs/testing/src/apps.ts): tests start another app through
 * `@app/testing` (`startTestApi`, `startTestEngine`, `startTestStack`), so a spec never depends on another app's
 * internals and the apps stay free to change them.
 */
export const appImports = {
  meta: {
    type: 'problem',
    docs: { description: "no imports of another app's files" },
    schema: [
      {
        type: 'object',
        properties: { gateway: { type: 'string' } },
        required: ['gateway'],
        additionalProperties: false,
      },
    ],
    messages: {
      otherApp:
        "'{{source}}' is a file of {{app}}: {{here}} may not import another app's files; start it through @app/testing (startTestApi, startTestEngine, startTestStack) or move what both need into a library.",
    },
  },
  create(context) {
    const cwd = context.cwd;
    const gateway = path.resolve(cwd, context.options[0].gateway);
    const file = path.resolve(context.filename);
    if (file === gateway) return {};
    const appOf = (absolute) => {
      const [top, name] = path.relative(cwd, absolute).split(path.sep);
      return top === 'apps' && name ? `apps/${name}` : undefined;
    };
    const ownApp = appOf(file);
    const here = ownApp ?? path.relative(cwd, file).split(path.sep).slice(0, 2).join('/');
    const check = (node, value) => {
      if (typeof value !== 'string' || !(value.startsWith('./') || value.startsWith('../'))) return;
      const app = appOf(path.resolve(path.dirname(file), value));
      if (app && app !== ownApp) context.report({ node, messageId: 'otherApp', data: { source: value, app, here } });
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
    };
  },
};

/**
 * ESLint rule: inside the web app, a feature never imports the app shell. `apps/web/src/app/` assembles the store,
 * the root saga and the routes out of the features, so the dependency runs app → features → shared, never back:
 * a feature takes the typed hooks (`shared/store-hooks.ts`), the route table (`shared/paths.ts`) and the store's
 * types (`shared/store-types.ts`, filled in by app/) from shared/. Tests, which assemble the whole app around a
 * feature, are left out by the configuration (eslint.config.js).
 */
export const featureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'no imports of the app shell from a feature' },
    schema: [
      { type: 'object', properties: { shell: { type: 'string' } }, required: ['shell'], additionalProperties: false },
    ],
    messages: {
      appShell:
        "'{{source}}' is a file of the app shell ({{shell}}): a feature may not import it; take the hooks, the paths and the store's types from shared/ (store-hooks, paths, store-types).",
    },
  },
  create(context) {
    const shell = path.resolve(context.cwd, context.options[0].shell);
    const file = path.resolve(context.filename);
    const check = (node, value) => {
      if (typeof value !== 'string' || !(value.startsWith('./') || value.startsWith('../'))) return;
      const target = path.resolve(path.dirname(file), value);
      if (target === shell || target.startsWith(shell + path.sep)) {
        context.report({
          node,
          messageId: 'appShell',
          data: { source: value, shell: path.relative(context.cwd, shell) },
        });
      }
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'app-imports': appImports, 'feature-imports': featureImports } };
