import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLES, type KeyAttribute, type TableDefinition, type TableName } from '../definitions/tables';

export interface DataProps {
  /** Retain tables on stack deletion and turn on deletion protection (prod). */
  readonly retainData: boolean;
}

function attribute(key: KeyAttribute): Attribute {
  return { name: key.name, type: key.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING };
}

/**
 * The DynamoDB tables, one per entry of `lib/definitions/tables.ts` (the local runtime creates
 * the same tables in dynalite from the same definitions). On-demand capacity, point-in-time
 * recovery, AWS-managed encryption; retained and deletion-protected in prod.
 * Each table's construct id is the definition's `constructId`: renaming it replaces the table.
 */
export class Data extends Construct {
  /** The tables by name, one per entry of `TABLES`. */
  public readonly tables: Readonly<Record<TableName, Table>>;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    const tables = {} as Record<TableName, Table>;
    for (const [name, definition] of Object.entries(TABLES) as [TableName, TableDefinition][]) {
      const table = new Table(this, definition.constructId, {
        partitionKey: attribute(definition.partitionKey),
        sortKey: definition.sortKey ? attribute(definition.sortKey) : undefined,
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        timeToLiveAttribute: definition.timeToLiveAttribute,
        encryption: TableEncryption.AWS_MANAGED,
        deletionProtection: props.retainData,
        removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      for (const index of definition.globalIndexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: attribute(index.partitionKey),
          sortKey: index.sortKey ? attribute(index.sortKey) : undefined,
        });
      }
      tables[name] = table;
    }
    this.tables = tables;
  }
}
