import { ADMIN_STANDING_FUNCTION } from '../../../lib/definitions/resolvers';
import { bundleResolverSync } from '../../../graphql/bundle-resolver';
import { lambdaDataSource } from '../../../local/appsync/lambda-data-source';
import { UTIL_SHIM } from '../../../local/appsync/resolver-bundles';
import { loadResolverModule } from '../../../local/appsync/resolver-module';
import { runPipelineResolver, type ResolverContext } from '../../../local/appsync/resolver-runner';

/**
 * Pipeline resolvers and Lambda data sources in the local AppSync runner, as AWS documents them
 * (https://docs.aws.amazon.com/appsync/latest/devguide/runtime-utils-js.html,
 * https://docs.aws.amazon.com/appsync/latest/devguide/resolver-reference-lambda-js.html): each
 * function's result is the next one's `ctx.prev.result`, the stash is shared, `earlyReturn` in a
 * function skips only its data source and response handler, an error ends the pipeline, the
 * Lambda's event is the payload and a thrown handler error is `Lambda:Unhandled`.
 */

const load = (name: string, entry: string) => loadResolverModule(name, bundleResolverSync(entry, { appsyncUtilsShim: UTIL_SHIM }));
const step = load('pipeline-step', 'test/local/fixtures/resolvers/pipeline-step.ts');
const pipeline = load('pipeline.resolver', ADMIN_STANDING_FUNCTION.pipelineCode);

/** A Lambda that echoes its event, counting calls; `failAt` makes that step's invocation throw. */
function echoLambda(failAt?: number) {
  const events: unknown[] = [];
  return {
    events,
    functionName: 'echo',
    invoke: async (event: unknown) => {
      events.push(event);
      if ((event as { step: number }).step === failAt) throw new Error('Handler blew up');
      return { echoed: event };
    },
  };
}

function context(plan: string[]): ResolverContext {
  return {
    arguments: { plan },
    args: { plan },
    identity: null,
    source: null,
    stash: {},
    prev: { result: {} },
    request: { headers: {}, domainName: null },
    info: { fieldName: 'probe', parentTypeName: 'Query', variables: {}, selectionSetList: [], selectionSetGraphQL: '' },
  };
}

function run(plan: string[], lambda: ReturnType<typeof echoLambda>) {
  const fn = { module: step, dataSource: lambdaDataSource(lambda) };
  const ctx = context(plan);
  return {
    ctx,
    outcome: runPipelineResolver({ typeName: 'Query', fieldName: 'probe', module: pipeline, functions: [fn, fn] }, ctx, 'API_KEY'),
  };
}

describe('the local runner’s pipeline resolvers over a Lambda data source', () => {
  it('hands each function the previous result, shares the stash and answers the last result', async () => {
    const lambda = echoLambda();
    const { ctx, outcome } = run(['invoke', 'invoke'], lambda);

    await expect(outcome).resolves.toEqual({
      data: { echoed: { step: 1, previous: { echoed: { step: 0, previous: {} } } } },
      appendedErrors: [],
    });
    expect(lambda.events).toEqual([
      { step: 0, previous: {} },
      { step: 1, previous: { echoed: { step: 0, previous: {} } } },
    ]);
    expect(ctx.stash.steps).toBe(2);
  });

  it('skips only the data source and response of a function that returns early', async () => {
    const lambda = echoLambda();

    await expect(run(['early', 'invoke'], lambda).outcome).resolves.toEqual({
      data: { echoed: { step: 1, previous: 'early at 0' } },
      appendedErrors: [],
    });
    expect(lambda.events).toEqual([{ step: 1, previous: 'early at 0' }]);
  });

  it('ends the pipeline at a function’s error: later functions never run', async () => {
    const lambda = echoLambda();
    const { ctx, outcome } = run(['fail', 'invoke'], lambda);

    await expect(outcome).resolves.toMatchObject({ data: null, error: { errorType: 'StepFailed', message: 'failed at 0' } });
    expect(lambda.events).toEqual([]);
    expect(ctx.stash.steps).toBe(1);
  });

  it('hands a handler that throws to the response handler as Lambda:Unhandled', async () => {
    await expect(run(['invoke', 'invoke'], echoLambda(0)).outcome).resolves.toMatchObject({
      data: null,
      error: { errorType: 'Lambda:Unhandled', message: 'Handler blew up' },
    });
  });

  it('refuses an operation the Lambda data source does not have, like AppSync, before calling anything', async () => {
    const lambda = echoLambda();
    const source = lambdaDataSource(lambda);

    await expect(source({ operation: 'Scan', payload: {} })).rejects.toThrow(/Unsupported operation 'Scan'/);
    await expect(source({ operation: 'Invoke', invocationType: 'Later', payload: {} })).rejects.toThrow(/invocationType/);
    expect(lambda.events).toEqual([]);
  });
});
