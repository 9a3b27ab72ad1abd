import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { grantTableAccess } from '../../../lib/constructs/table-access';
import type { TableAccess } from '../../../lib/definitions/tables';

/** The DynamoDB actions a role gets from one grant (the statements on its default policy). */
function actionsGranted(access: TableAccess): string[] {
  const stack = new Stack(new App(), 'Grants');
  const table = new Table(stack, 'Log', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
  const role = new Role(stack, 'Writer', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  grantTableAccess(table, role, access);
  const policies = Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy'));
  return policies
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
    .flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]))
    .sort();
}

describe('grantTableAccess', () => {
  it('gives an appending function PutItem alone: it can neither read nor change what is stored', () => {
    expect(actionsGranted('append')).toEqual(['dynamodb:PutItem']);
  });

  it('gives read access no write action, and read-write both', () => {
    const read = actionsGranted('read');
    expect(read).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    expect(read.filter((action) => /Put|Update|Delete|Write/.test(action))).toEqual([]);
    expect(actionsGranted('readWrite')).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem']));
  });
});
