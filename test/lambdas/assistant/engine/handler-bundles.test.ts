import { OCCUPATIONS_DATA_PATH } from '../../../../lambdas/assistant/domain/occupations/occupations-data';
import { REST_ROUTES } from '../../../../lib/definitions/rest-routes';
import { bundleAsDeployed, handlerBudgetBytes } from '../../support/deployed-bundle';

/**
 * Each assistant handler bundles only its own capability's Bedrock task (a handler that carried
 * all seven prompts and parsers would pay for them on every cold start), and stays within the
 * 150 kB budget. Bundled as deployed: PRODUCT_FUNCTION_BUNDLING, `@aws-sdk/*` left to the runtime.
 */

const TASKS = /lambdas\/assistant\/engine\/bedrock-tasks\/([\w-]+)\.ts$/;

/** The module that reads the occupation vocabulary from the data file beside the bundle. */
const OCCUPATIONS_READER = 'lambdas/assistant/domain/occupations/occupations-file.ts';

async function bundle(entry: string) {
  const { bytes, inputs } = await bundleAsDeployed(entry);
  const tasks = inputs.map((input) => TASKS.exec(input)?.[1]).filter((task): task is string => task !== undefined && task !== 'task');
  return {
    bytes,
    tasks,
    readsOccupations: inputs.includes(OCCUPATIONS_READER),
    bundlesOccupations: inputs.some((i) => i.endsWith('.json')),
  };
}

describe('assistant handler bundles', () => {
  const assistantRoutes = REST_ROUTES.filter((route) => route.path.startsWith('/assistant/'));

  it.each(assistantRoutes.filter((route) => route.languageModel).map((route) => [route.path, route] as const))(
    '%s bundles exactly one Bedrock task, within the budget',
    async (_path, route) => {
      const { bytes, tasks } = await bundle(route.entry);
      expect(tasks).toHaveLength(1);
      expect(bytes).toBeLessThan(handlerBudgetBytes(route.entry));
    },
  );

  it('deploys the occupation vocabulary beside exactly the handlers that read it, never inside a bundle', async () => {
    const bundled = await Promise.all(assistantRoutes.map(async (route) => ({ route, ...(await bundle(route.entry)) })));
    expect(bundled.filter((b) => b.readsOccupations).map((b) => b.route.functionId)).toEqual(['AssistantSourcingTermsFunction']);
    for (const { route, readsOccupations, bundlesOccupations } of bundled) {
      expect({ route: route.functionId, dataFiles: route.dataFiles ?? [], bundlesOccupations }).toEqual({
        route: route.functionId,
        dataFiles: readsOccupations ? [OCCUPATIONS_DATA_PATH] : [],
        bundlesOccupations: false,
      });
    }
  });

  it('gives the seven language-model handlers seven different tasks, and the others none', async () => {
    const bundled = await Promise.all(assistantRoutes.map(async (route) => ({ route, tasks: (await bundle(route.entry)).tasks })));
    const modelTasks = bundled.filter(({ route }) => route.languageModel).flatMap(({ tasks }) => tasks);
    expect(new Set(modelTasks).size).toBe(7);
    for (const { route, tasks } of bundled.filter((entry) => !entry.route.languageModel)) {
      expect({ route: route.functionId, tasks }).toEqual({ route: route.functionId, tasks: [] });
    }
  });
});
