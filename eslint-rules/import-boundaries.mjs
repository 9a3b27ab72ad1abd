// The architecture's import boundaries, checked by ESLint so that a newcomer cannot break the shape
// by accident (bulletproof-react does the same with import/no-restricted-paths). Relative imports
// are resolved against the importing file, so `../../ats/x` and `../ats/x` are judged alike; bare
// package names are judged by name. One list of zones below owns every boundary.
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** Repository-relative path with forward slashes. */
function repoPath(absolute) {
  return path.relative(REPO_ROOT, absolute).split(path.sep).join('/');
}

/** The web feature a repository path belongs to (`web/src/features/<feature>/…`), if any. */
function webFeature(file) {
  return /^web\/src\/features\/([^/]+)\//.exec(file)?.[1];
}

const isPackage = (pattern) => (target) => target.package !== undefined && pattern.test(target.package);
const isFile = (pattern) => (target) => target.file !== undefined && pattern.test(target.file);

/** AWS SDK, CDK and Lambda event types, and HTTP modules: what plain domain code must not know. */
const AWS_OR_HTTP = isPackage(/^(@aws-sdk\/|@smithy\/|aws-lambda$|aws-cdk-lib|constructs$|(node:)?https?$|http2$|node:http2$|undici$)/);

/**
 * Each zone: which importing files it applies to, which targets they may not import, and the
 * message. `target` is `{ package }` for a bare specifier or `{ file }` (repository path) for a
 * relative one.
 */
export const ZONES = [
  {
    name: 'web-features',
    appliesTo: (file) => webFeature(file) !== undefined,
    forbids: (target, file) =>
      target.file !== undefined && webFeature(target.file) !== undefined && webFeature(target.file) !== webFeature(file),
    message:
      'A web feature does not import another feature: move what both need to web/src/components or web/src/lib, or compose them in web/src/app.',
  },
  {
    name: 'domain-plain',
    appliesTo: (file) => /^lambdas\/(.+\/)?domain\//.test(file),
    forbids: AWS_OR_HTTP,
    message: 'Domain code is plain TypeScript: no AWS SDK, CDK, Lambda or HTTP types. Take what it needs as arguments or a port.',
  },
  {
    name: 'no-local-in-product',
    appliesTo: (file) => /^(lambdas|lib|graphql)\//.test(file),
    forbids: isFile(/^local\//),
    message: 'Deployed code never imports the local runtime (local/): the local runtime imports the product, not the other way round.',
  },
  {
    name: 'web-contracts-alias',
    appliesTo: (file) => /^(web|test\/web)\//.test(file),
    forbids: isFile(/^lambdas\//),
    message:
      'The web reaches backend contracts through the @contracts alias (and shared rules through @shared-domain), not by a relative path into lambdas/.',
  },
  {
    name: 'e2e-specs-wait-for-runtime',
    appliesTo: (file) => /^test\/e2e\/.+\.spec\.ts$/.test(file),
    forbids: isPackage(/^@playwright\/test$/),
    message:
      "A browser spec imports Playwright from test/e2e/support/test: its `test` waits for the local runtime, which Playwright's global setup starts without waiting.",
  },
];

/** The target of an import specifier seen from `filename`. */
function targetOf(specifier, filename) {
  if (specifier.startsWith('.')) return { file: repoPath(path.resolve(path.dirname(filename), specifier)) };
  return { package: specifier };
}

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the architecture boundaries listed in eslint-rules/import-boundaries.mjs' },
    schema: [],
  },
  create(context) {
    const file = repoPath(context.filename);
    const zones = ZONES.filter((zone) => zone.appliesTo(file));
    if (zones.length === 0) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = targetOf(source.value, context.filename);
      for (const zone of zones) {
        if (zone.forbids(target, file)) context.report({ node, message: `${zone.message} (${zone.name}: '${source.value}')` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
