import { RESOLVERS } from '../../../lib/definitions/resolvers';
import { prepareResolvers } from '../../../local/appsync';
import { formatLintProblems, lintResolverBundles } from '../../../local/appsync/lint';
import { bundleResolvers } from '../../../local/appsync/resolver-bundles';
import { LocalRuntimeError } from '../../../local/errors';
import { temporaryFolder } from '../support/local-services';

/** The AppSync lint step: resolver code the APPSYNC_JS runtime would reject never starts locally. */

const BAD_RESOLVER = {
  typeName: 'Query',
  fieldName: 'bad',
  table: 'contacts',
  writes: false,
  entry: 'test/local/fixtures/resolvers/bad-resolver.ts',
} as const;

let buildDir: ReturnType<typeof temporaryFolder>;

beforeEach(() => {
  buildDir = temporaryFolder('appsync-lint');
});

afterEach(() => buildDir.remove());

describe('AppSync lint of resolver bundles', () => {
  it('passes the product’s resolvers, bundled exactly as CDK deploys them', async () => {
    const { resolvers, pipeline } = await prepareResolvers(RESOLVERS, buildDir.path);

    expect(resolvers.map((bundle) => bundle.name)).toEqual(RESOLVERS.map((resolver) => `${resolver.typeName}.${resolver.fieldName}`));
    // The admin standing function and the pipeline resolvers' own code (no imports) are linted too.
    expect([pipeline.resolver.name, pipeline.adminStanding.name]).toEqual(['pipeline.resolver', 'pipeline.admin-standing']);
    for (const bundle of [...resolvers, pipeline.adminStanding]) {
      expect(bundle.deployCode).toContain('from "@aws-appsync/utils"');
      expect(bundle.localCode).not.toContain('from "@aws-appsync/utils"');
    }
  }, 30_000);

  it('refuses a resolver with try/catch and ++, naming the source file, line and rule', async () => {
    const start = prepareResolvers([BAD_RESOLVER], buildDir.path);

    await expect(start).rejects.toBeInstanceOf(LocalRuntimeError);
    const message = ((await start.catch((error: Error) => error)) as Error).message;
    expect(message).toMatch(/^AppSync would reject resolver code \(Query\.bad\)/);
    expect(message).toMatch(/test\/local\/fixtures\/resolvers\/bad-resolver\.ts:9:\d+ .*@aws-appsync\/no-disallowed-unary-operators/);
    expect(message).toMatch(/test\/local\/fixtures\/resolvers\/bad-resolver\.ts:10:\d+ .*@aws-appsync\/no-try/);
  }, 30_000);

  it('remembers clean bundles, so the next start skips ESLint, but never remembers failures', async () => {
    const [good] = bundleResolvers(RESOLVERS.slice(0, 1), buildDir.path);
    const [bad] = bundleResolvers([BAD_RESOLVER], buildDir.path);

    expect(await lintResolverBundles([good], buildDir.path)).toEqual([]);
    expect((await lintResolverBundles([bad], buildDir.path)).length).toBeGreaterThan(0);
    expect((await lintResolverBundles([bad], buildDir.path)).length).toBeGreaterThan(0);
    expect(formatLintProblems(await lintResolverBundles([bad, good], buildDir.path))).toContain('(Query.bad)');
  }, 30_000);
});
