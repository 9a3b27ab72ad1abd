import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { TableAccess } from '../definitions/tables';

/**
 * The IAM a function gets for its use of a table (lib/definitions/tables.ts `TableAccess`): the
 * one place that turns `read`, `readWrite` and `append` into grants, for REST routes and Cognito
 * triggers alike. `append` is PutItem alone: the function adds items and can read or change none.
 */
export function grantTableAccess(table: ITable, grantee: IGrantable, access: TableAccess): void {
  if (access === 'readWrite') table.grantReadWriteData(grantee);
  else if (access === 'read') table.grantReadData(grantee);
  else table.grant(grantee, 'dynamodb:PutItem');
}
