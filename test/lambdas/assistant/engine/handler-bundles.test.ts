import { OCCUPATIONS_DATA_PATH } from '../../../../lambdas/assistant/domain/occupations/occupations-data';
import { PERSON_NAMES_DATA_PATH } from '../../../../lambdas/assistant/domain/redaction/person-names-file';
import { SKILLS_DATA_PATH } from '../../../../lambdas/shared/text/skills-dictionary';
import { REST_ROUTES } from '../../../../lib/definitions/rest-routes';
import { bundleAsDeployed, handlerBudgetBytes } from '../../support/deployed-bundle';

/**
 * Each assistant handler bundles only its own capability's Bedrock task (a handler that carried
 * all seven prompts and parsers would pay for them on every cold start), and stays within the
 * 150 kB budget. Bundled as deployed: PRODUCT_FUNCTION_BUNDLING, `@aws-sdk/*` left to the runtime.
 */

const TASKS = /lambdas\/assistant\/engine\/bedrock-tasks\/([\w-]+)\.ts$/;

/** The modules that read a data file from beside the bundle, and the file each reads. */
const DATA_READERS: Readonly<Record<string, string>> = {
  'lambdas/assistant/domain/occupations/occupations-file.ts': OCCUPATIONS_DATA_PATH,
  'lambdas/assistant/domain/redaction/person-names-file.ts': PERSON_NAMES_DATA_PATH,
  'lambdas/shared/text/skills-dictionary.ts': SKILLS_DATA_PATH,
};

async function bundle(entry: string) {
  const { bytes, inputs } = await bundleAsDeployed(entry);
  const tasks = inputs.map((input) => TASKS.exec(input)?.[1]).filter((task): task is string => task !== undefined && task !== 'task');
  return {
    bytes,
    tasks,
    dataFilesRead: Object.entries(DATA_READERS)
      .filter(([reader]) => inputs.includes(reader))
      .map(([, dataFile]) => dataFile),
    bundlesData: inputs.some((i) => i.endsWith('.json')),
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

  it('deploys each data file beside exactly the handlers that read it, never inside a bundle', async () => {
    // The ATS handlers too: placement prediction matches skills with the assistant's dictionary.
    const routes = REST_ROUTES.filter((route) => route.path.startsWith('/assistant/') || route.path.startsWith('/ats/'));
    const bundled = await Promise.all(routes.map(async (route) => ({ route, ...(await bundle(route.entry)) })));
    expect(bundled.filter((b) => b.dataFilesRead.includes(OCCUPATIONS_DATA_PATH)).map((b) => b.route.functionId)).toEqual([
      'AssistantSourcingTermsFunction',
    ]);
    expect(bundled.filter((b) => b.dataFilesRead.includes(PERSON_NAMES_DATA_PATH)).map((b) => b.route.functionId)).toEqual([
      'AssistantJobDescriptionFunction',
    ]);
    for (const { route, dataFilesRead, bundlesData } of bundled) {
      expect({ route: route.functionId, dataFiles: [...(route.dataFiles ?? [])].sort(), bundlesData }).toEqual({
        route: route.functionId,
        dataFiles: [...dataFilesRead].sort(),
        bundlesData: false,
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
