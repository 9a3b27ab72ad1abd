import { parseBooleanQuery } from '../../../../lambdas/assistant/domain/boolean-query';
import { externalJobDescription } from '../../../../lambdas/assistant/domain/external-job-description';
import { createBedrockModel } from '../../../../lambdas/assistant/engine/bedrock-model';
import { jobDescriptionTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/job-description';
import { NICE_TO_HAVES_NOTE, sourcingTermsTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/sourcing-terms';
import type { AssistantInputs } from '../../../../lambdas/assistant/engine/language-model';
import { SENIOR_BACKEND_ENGINEER } from '../../../../lambdas/assistant/samples/sample-jobs';
import { ExternalJobDescriptionOutputSchema, SourcingTermsOutputSchema } from '../../../../lambdas/shared/contracts/assistant';
import * as z from '../../../../lambdas/shared/zod';
import { clientFor, json, startConverseServer, systemText, userText, type ConverseServer } from './support/converse-server';
import { JOB, MODEL_ID } from './support/fixtures';

/**
 * What the domain guarantees whatever Bedrock writes: search strings rendered by the domain, so
 * each is valid for its target and within its limit; a publishable description scrubbed by the
 * domain, so sensitive items the model left in are removed and listed, and whatever the offline
 * engine removes is removed whatever the model wrote.
 */

let server: ConverseServer;
beforeEach(async () => {
  server = await startConverseServer();
});
afterEach(async () => {
  await server.close();
});

const model = () =>
  createBedrockModel({
    client: clientFor(server),
    modelId: MODEL_ID,
    tasks: { 'sourcing-terms': sourcingTermsTask, 'job-description': jobDescriptionTask },
  });

describe('sourcing terms through Bedrock', () => {
  const input: AssistantInputs['sourcing-terms'] = { ...JOB, exclusions: ['recruiter'] };

  it('renders every search string itself, valid for its target and within its limit, even when the model writes broken syntax', async () => {
    server.reply(
      json({
        titles: ['"Backend Engineer" OR (Python Developer', 'Senior Backend Engineer', 'Site Reliability Engineer)'],
        mustHaveGroups: [
          { concept: 'Python', terms: ['Python', '"Python 3', 'Django AND Flask'] },
          { concept: 'AWS', terms: ['AWS', 'Amazon Web Services', '-Azure'] },
          { concept: '(Kubernetes', terms: ['K8s', 'EKS*'] },
        ],
        niceToHaveGroups: [{ concept: 'Terraform', terms: ['Terraform', 'IaC'] }],
        exclusions: ['intern', 'NOT'],
        location: 'Anywhere',
        // Not asked for, and ignored: the strings are always the domain's.
        searches: [{ target: 'linkedin-recruiter', query: '("Python" AND (AWS' }],
      }),
    );

    const { output, engine } = await model().run('sourcing-terms', input);

    expect(engine).toEqual({ kind: 'bedrock', model: MODEL_ID, note: null });
    expect(z.safeParse(SourcingTermsOutputSchema, output).success).toBe(true);
    expect(output.searches.map((search) => search.target).sort()).toEqual([
      'google-xray',
      'job-board',
      'linkedin-recruiter',
      'linkedin-recruiter-title',
    ]);
    for (const search of output.searches) {
      expect({ target: search.target, parsed: parseBooleanQuery(search.query, search.target).ok }).toEqual({
        target: search.target,
        parsed: true,
      });
      expect(search.length).toBeLessThanOrEqual(search.limit.max);
      expect(search.query).not.toContain('("Python" AND (AWS');
      // Nice-to-haves are listed, never ANDed into a string.
      expect(search.query).not.toMatch(/Terraform|IaC/);
    }
    expect(output.niceToHaveGroups.map((group) => group.concept)).toEqual(['Terraform']);
    expect(output.notes).toContain(NICE_TO_HAVES_NOTE);
    expect(output.titles).toEqual(['Senior Backend Engineer', 'Backend Engineer', 'Python Developer', 'Site Reliability Engineer']);
    expect(output.mustHaveGroups.map((group) => group.concept)).toEqual(['Python', 'AWS', 'Kubernetes']);
    expect(output.mustHaveGroups[0].terms).toEqual(['Python', 'Python 3', 'Django', 'Flask']);
    expect(output.exclusions).toEqual(['recruiter', 'intern']);
    // The job's location wins over the model's.
    expect(output.location).toBe('Chicago, IL');
  });

  it("asks for words, not syntax, and sends the recruiter's exclusions as a data block", async () => {
    server.reply(
      json({ titles: ['Backend Engineer'], mustHaveGroups: [{ concept: 'Python', terms: [] }], exclusions: [], location: null }),
    );

    await model().run('sourcing-terms', input);

    expect(systemText(server.received[0])).toContain('no quotes, brackets, AND/OR/NOT');
    expect(userText(server.received[0])).toContain('<data name="exclusions">\n[\n "recruiter"\n]\n</data>');
  });
});

describe('the external job description through Bedrock', () => {
  const sample = SENIOR_BACKEND_ENGINEER;
  const input: AssistantInputs['job-description'] = {
    title: sample.title,
    description: sample.description,
    companyInfo: sample.companyInfo,
    clientNames: [...sample.clientNames],
  };

  it('removes and lists an e-mail address and a client brand the model left in', async () => {
    server.reply(
      json({
        title: 'Senior Backend Engineer',
        sections: [
          {
            heading: 'About the role',
            body: 'A Chicago fintech company is rebuilding its payments platform. You will own the APIs behind the PayHarbor app.',
          },
          {
            heading: 'What you bring',
            body: '6+ years of backend development, 3 in Java. Questions? Write to hiring.lead@brightledger.com.',
          },
          { heading: 'Empty', body: '   ' },
        ],
        removed: [{ category: 'client-name', text: 'Brightledger Financial', reason: "The client's name." }],
      }),
    );

    const { output } = await model().run('job-description', input);

    expect(z.safeParse(ExternalJobDescriptionOutputSchema, output).success).toBe(true);
    expect(output.text).not.toContain('hiring.lead@brightledger.com');
    expect(output.text).not.toContain('PayHarbor');
    expect(output.sections.map((section) => section.heading)).toEqual(['About the role', 'What you bring']);
    expect(output.text).toContain('6+ years of backend development');
    expect(output.removed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ category: 'client-name', text: 'Brightledger Financial' }),
        expect.objectContaining({ category: 'contact', text: expect.stringContaining('hiring.lead@brightledger.com') }),
        expect.objectContaining({ category: 'client-name', text: expect.stringContaining('PayHarbor') }),
      ]),
    );
  });

  it('removes whatever the offline engine removes, even when the model publishes the internal description as it is', async () => {
    server.reply(json({ title: sample.title, sections: [{ heading: 'About the role', body: sample.description }], removed: [] }));

    const { output } = await model().run('job-description', input);

    const domain = externalJobDescription(input);
    expect(domain.removed.length).toBeGreaterThan(3);
    for (const removal of domain.removed) {
      expect({ removal: removal.text, published: output.text.toLowerCase().includes(removal.text.toLowerCase()) }).toEqual({
        removal: removal.text,
        published: false,
      });
    }
    expect(output.removed).toEqual(expect.arrayContaining(domain.removed));
  });

  it('sends the client names and the internal description as JSON data blocks', async () => {
    server.reply(json({ title: 'Senior Backend Engineer', sections: [{ heading: 'About the role', body: 'Payments.' }], removed: [] }));

    await model().run('job-description', input);

    const text = userText(server.received[0]);
    expect(text).toContain('<data name="client-names">\n[\n "Brightledger Financial",\n "PayHarbor"\n]\n</data>');
    const block = /<data name="internal-job-description">\n([\s\S]*?)\n<\/data>/.exec(text);
    expect(JSON.parse(block?.[1] ?? 'null')).toBe(sample.description);
  });
});
