import {
  compactValue,
  compactView,
  maskTemplate,
  MASKED_ASSET_HASH,
  MASKED_EXPIRY,
  shortNames,
  statementLine,
  type CompactTemplate,
} from './compact-template';

const ASSET = 'a'.repeat(36) + '0123456789abcdef0123456789ab';

/** A tiny hand-made template: a table, its reader (function, role policy, log group) and an API key. */
const TEMPLATE: CompactTemplate = {
  Resources: {
    ThingsTable0A1B2C3D: {
      Type: 'AWS::DynamoDB::Table',
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        Tags: [{ Key: 'stage', Value: 'dev' }],
      },
    },
    ReaderLogs5E6F7A8B: { Type: 'AWS::Logs::LogGroup', DeletionPolicy: 'Delete', Properties: { RetentionInDays: 30 } },
    AccessLogs9C8D7E6F: { Type: 'AWS::Logs::LogGroup', DeletionPolicy: 'Delete', Properties: { RetentionInDays: 30 } },
    ReaderRoleDefaultPolicy11223344: {
      Type: 'AWS::IAM::Policy',
      Properties: {
        PolicyName: 'ReaderRoleDefaultPolicy11223344',
        PolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Action: ['dynamodb:Query', 'dynamodb:GetItem', 'kms:Decrypt'],
              Resource: [
                { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['ThingsTable0A1B2C3D', 'Arn'] }, '/index/*']] },
                { 'Fn::GetAtt': ['ThingsTable0A1B2C3D', 'Arn'] },
              ],
              Condition: { StringEquals: { 'kms:EncryptionContext:purpose': 'things' } },
            },
          ],
        },
        Roles: [{ Ref: 'ReaderRoleAABBCCDD' }],
      },
    },
    Reader99AA88BB: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Code: { S3Bucket: { 'Fn::Sub': 'cdk-assets-${AWS::AccountId}' }, S3Key: `${ASSET}.zip` },
        Description: 'GET /things',
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 512,
        Timeout: 10,
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: 'ReaderLogs5E6F7A8B' } },
        Role: { 'Fn::GetAtt': ['ReaderRoleAABBCCDD', 'Arn'] },
        Environment: { Variables: { THINGS_TABLE: { Ref: 'ThingsTable0A1B2C3D' } } },
      },
    },
    ApiKeyCAFE0123: { Type: 'AWS::AppSync::ApiKey', Properties: { ApiId: 'api-1', Expires: 1_827_227_366 } },
  },
};

describe('maskTemplate', () => {
  it('masks asset hashes and the API key expiry, and leaves everything else as it was', () => {
    const masked = maskTemplate(TEMPLATE);

    expect(JSON.stringify(masked)).not.toContain(ASSET);
    expect(masked.Resources.Reader99AA88BB.Properties?.Code).toEqual({
      S3Bucket: { 'Fn::Sub': 'cdk-assets-${AWS::AccountId}' },
      S3Key: `${MASKED_ASSET_HASH}.zip`,
    });
    expect(masked.Resources.ApiKeyCAFE0123.Properties).toEqual({ ApiId: 'api-1', Expires: MASKED_EXPIRY });
    expect(masked.Resources.ThingsTable0A1B2C3D).toEqual(TEMPLATE.Resources.ThingsTable0A1B2C3D);
    // The input is not changed.
    expect(TEMPLATE.Resources.ApiKeyCAFE0123.Properties?.Expires).toBe(1_827_227_366);
  });
});

describe('the compact view', () => {
  it('names resources without the hash CDK appends, unless two would read the same', () => {
    const names = shortNames({
      Resources: { ThingsTable0A1B2C3D: { Type: 'T' }, PartA1B2C3D4: { Type: 'T' }, PartE5F6A7B8: { Type: 'T' } },
    });

    expect(Object.fromEntries(names)).toEqual({
      ThingsTable0A1B2C3D: 'ThingsTable',
      PartA1B2C3D4: 'PartA1B2C3D4',
      PartE5F6A7B8: 'PartE5F6A7B8',
    });
  });

  it('writes references, joins and subs inline, and summarizes long strings', () => {
    const names = new Map([['ThingsTable0A1B2C3D', 'ThingsTable']]);

    expect(compactValue({ Ref: 'ThingsTable0A1B2C3D' }, names)).toBe('{ThingsTable}');
    expect(
      compactValue({ 'Fn::Join': [':', ['arn', { Ref: 'AWS::Partition' }, { 'Fn::GetAtt': ['ThingsTable0A1B2C3D', 'Arn'] }]] }, names),
    ).toBe('arn:{AWS::Partition}:{ThingsTable.Arn}');
    expect(compactValue({ 'Fn::Sub': 'bucket-${AWS::Region}' })).toBe('bucket-{AWS::Region}');
    expect(compactValue({ 'Fn::Select': [0, ['a', 'b']] })).toBe('Select(0, [a, b])');
    expect(compactValue('x'.repeat(201))).toMatch(/^<201 characters, sha256 [0-9a-f]{12}>$/);
  });

  it('writes an IAM statement as effect, principal, actions by service, resources and condition', () => {
    expect(
      statementLine({
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Action: ['kms:Encrypt', 'kms:Decrypt', 's3:GetObject'],
        Resource: '*',
        Condition: { StringNotEquals: { 'kms:EncryptionContext:purpose': 'things' } },
      }),
    ).toBe('Deny principal {AWS: *} kms:Decrypt,Encrypt s3:GetObject on * if StringNotEquals kms:EncryptionContext:purpose=things');
  });

  it('shows each resource with its key properties, statements one per line, and alike resources under one body', () => {
    expect(compactView(maskTemplate(TEMPLATE))).toBe(
      [
        'ThingsTable  AWS::DynamoDB::Table  [Retain]',
        '  BillingMode: PAY_PER_REQUEST',
        '  KeySchema: [{AttributeName: id, KeyType: HASH}]',
        'AWS::Logs::LogGroup ×2  [Delete]',
        '- ReaderLogs',
        '- AccessLogs',
        '  RetentionInDays: 30',
        'ReaderRoleDefaultPolicy  AWS::IAM::Policy',
        '  PolicyDocument:',
        '    Allow dynamodb:GetItem,Query kms:Decrypt on {ThingsTable.Arn}, {ThingsTable.Arn}/index/* if StringEquals kms:EncryptionContext:purpose=things',
        '  Roles: [{ReaderRoleAABBCCDD}]',
        'Reader  GET /things  AWS::Lambda::Function',
        '  nodejs22.x arm64 index.handler, 512 MB, 10 s, tracing Active, logs {ReaderLogs}',
        '  Environment.Variables.THINGS_TABLE: {ThingsTable}',
        'ApiKey  AWS::AppSync::ApiKey',
        '  ApiId: api-1',
        `  Expires: ${MASKED_EXPIRY}`,
        '',
      ].join('\n'),
    );
  });

  it('shows only the resources asked for', () => {
    expect(compactView(TEMPLATE, ['AccessLogs9C8D7E6F'])).toBe('AccessLogs  AWS::Logs::LogGroup  [Delete]\n  RetentionInDays: 30\n');
  });
});
