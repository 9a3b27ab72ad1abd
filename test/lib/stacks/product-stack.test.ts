import { synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { concernsOf, outputsSnapshot } from '../support/template-snapshots';

/**
 * Logical ids of the resources that hold data or identities. Changing one makes CloudFormation
 * replace the resource: users, tables or files would be lost. If this test fails, rename back.
 */
const STATEFUL_LOGICAL_IDS = {
  'AWS::Cognito::UserPool': ['AuthUserPool8115E87F'],
  'AWS::Cognito::UserPoolGroup': [
    'AuthUserPoolAdminsGroup89379A46',
    'AuthUserPoolBetaCustomerR1GroupC3076C09',
    'AuthUserPoolBetaCustomerR2Group616F5242',
    'AuthUserPoolBetaCustomerR3GroupE48D3AD8',
  ],
  'AWS::Cognito::UserPoolClient': ['AuthUserPoolWebClient147E4E38'],
  'AWS::Cognito::IdentityPool': ['AuthIdentityPool659E7F64'],
  'AWS::DynamoDB::Table': [
    'DataContactsTableDC2B0D3C',
    'DataSubscriptionsTable9D6F73B3',
    'DataUsersTableA308CF66',
    'DataRegistrationCodesTable4F794670',
    // The recruiting assistant's jobs, results and evaluations (issue 6).
    'DataAssistantTable548F2A49',
    // Synced ATS data (issue 7).
    'DataAtsTable940CB03D',
    // Organizations, members and invitations (issue 18).
    'DataOrganizationsTable2C4366A0',
    // The firms' activity (audit) log (issue 18).
    'DataActivityTable3E3D6DB8',
  ],
  'AWS::S3::Bucket': ['WebsiteBucket4326D7C2', 'WebsiteLogsBucketEC18D4CD'],
} as const;

/**
 * The KMS key that seals saved ATS keys (issue 7). A new logical id would be a new key: every
 * saved ATS key would stop opening (recruiters would have to enter them again).
 */
const ATS_CREDENTIALS_KEY_LOGICAL_ID = 'AtsCredentialsKeyAEC1078C';

describe('ProductStack', () => {
  let prod: SynthesizedApp;
  let dev: SynthesizedApp;
  beforeAll(async () => {
    prod = await synthesizedApp('prod');
    dev = await synthesizedApp('dev');
  }, SYNTHESIS_TIMEOUT_MS);

  it.each(Object.entries(STATEFUL_LOGICAL_IDS))('keeps the logical ids of every %s', (type, ids) => {
    expect(Object.keys(prod.template.findResources(type)).sort()).toEqual([...ids].sort());
  });

  it('retains every stateful resource in prod', () => {
    for (const type of Object.keys(STATEFUL_LOGICAL_IDS).filter((t) => t !== 'AWS::Cognito::UserPoolClient')) {
      for (const resource of Object.values(prod.template.findResources(type))) {
        expect(resource).toMatchObject({ DeletionPolicy: 'Retain' });
      }
    }
  });

  it('keeps the logical id of the ATS credential key, retained like the data it protects', () => {
    const keys = prod.template.findResources('AWS::KMS::Key');
    // The other key encrypts the alarm topic (no data of its own).
    expect(Object.keys(keys).sort()).toEqual([ATS_CREDENTIALS_KEY_LOGICAL_ID, expect.stringMatching(/^MonitoringTopicKey/)].sort());
    expect(keys[ATS_CREDENTIALS_KEY_LOGICAL_ID]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('outputs what an operator and the web app need', () => {
    expect(Object.keys(prod.template.toJSON().Outputs).sort()).toEqual(
      [
        'WebsiteUrl',
        'RestApiUrl',
        'GraphqlUrl',
        'GraphqlApiKey',
        'UserPoolId',
        'UserPoolClientId',
        'IdentityPoolId',
        'UsersTableName',
        'SubscriptionsTableName',
        'RegistrationCodesTableName',
        'ContactsTableName',
        'AssistantTableName',
        'AtsTableName',
        'OrganizationsTableName',
        'ActivityTableName',
        'AtsCredentialsKeyArn',
        'AlarmTopicArn',
        'DashboardName',
      ].sort(),
    );
    prod.template.hasOutput('RestApiUrl', {
      Value: {
        'Fn::Join': [
          '',
          [
            'https://',
            { Ref: 'RestApi135E9C73' },
            '.execute-api.us-east-2.',
            { Ref: 'AWS::URLSuffix' },
            '/',
            { Ref: 'RestApiDeploymentStageprodB11ECE9F' },
            '/',
          ],
        ],
      },
    });
  });

  it('matches the reviewed snapshot of the outputs (dev, compact view)', () => {
    expect(outputsSnapshot(dev)).toMatchSnapshot();
  });

  it('shows every resource in exactly one focused snapshot (support/template-snapshots.ts)', () => {
    for (const logicalId of Object.keys(dev.template.toJSON().Resources)) {
      expect({ logicalId, concerns: concernsOf(dev, logicalId) }).toEqual({ logicalId, concerns: [expect.any(String)] });
    }
  });
});
