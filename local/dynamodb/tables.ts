import {
  CreateTableCommand,
  DescribeTableCommand,
  ListTablesCommand,
  type AttributeDefinition,
  type CreateTableCommandInput,
  type DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type KeyAttribute, type TableDefinition, type TableName } from '../../lib/definitions/tables';

/** Local table name: `<slug>-local-<table>`, e.g. `talentpilot-local-contacts`. */
export function localTableName(productSlug: string, table: TableName): string {
  return `${productSlug}-local-${table}`;
}

/** Every table's local name, by logical table name. */
export function localTableNames(productSlug: string): Record<TableName, string> {
  return Object.fromEntries((Object.keys(TABLES) as TableName[]).map((table) => [table, localTableName(productSlug, table)])) as Record<
    TableName,
    string
  >;
}

function keySchema(partitionKey: KeyAttribute, sortKey?: KeyAttribute): KeySchemaElement[] {
  const schema: KeySchemaElement[] = [{ AttributeName: partitionKey.name, KeyType: 'HASH' }];
  if (sortKey) schema.push({ AttributeName: sortKey.name, KeyType: 'RANGE' });
  return schema;
}

/** The CreateTable call for one shared table definition (on-demand, GSIs project everything). */
export function createTableInput(tableName: string, definition: TableDefinition): CreateTableCommandInput {
  const attributes = new Map<string, AttributeDefinition>();
  const addAttribute = (key: KeyAttribute | undefined) => {
    if (key) attributes.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  };
  addAttribute(definition.partitionKey);
  addAttribute(definition.sortKey);
  for (const index of definition.globalIndexes) {
    addAttribute(index.partitionKey);
    addAttribute(index.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes.values()],
    KeySchema: keySchema(definition.partitionKey, definition.sortKey),
    GlobalSecondaryIndexes:
      definition.globalIndexes.length > 0
        ? definition.globalIndexes.map((index) => ({
            IndexName: index.indexName,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: { ProjectionType: 'ALL' },
          }))
        : undefined,
  };
}

export interface EnsureTablesResult {
  /** Tables created now (absent before). */
  readonly created: string[];
  /** Problems with tables that already existed (e.g. an index added to the definitions since). */
  readonly warnings: string[];
}

/**
 * Creates every table of `TABLES` that does not exist yet. Existing tables (and their data) are
 * left alone; a table whose indexes differ from the definitions is reported, not changed.
 */
export async function ensureTables(client: DynamoDBClient, productSlug: string): Promise<EnsureTablesResult> {
  const existing = new Set<string>();
  let exclusiveStartTableName: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: exclusiveStartTableName }));
    for (const name of page.TableNames ?? []) existing.add(name);
    exclusiveStartTableName = page.LastEvaluatedTableName;
  } while (exclusiveStartTableName);

  const created: string[] = [];
  const warnings: string[] = [];
  await Promise.all(
    (Object.entries(TABLES) as [TableName, TableDefinition][]).map(async ([table, definition]) => {
      const tableName = localTableName(productSlug, table);
      if (!existing.has(tableName)) {
        await client.send(new CreateTableCommand(createTableInput(tableName, definition)));
        created.push(tableName);
        return;
      }
      const description = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const actual = new Set((description.Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
      const missing = definition.globalIndexes.filter((index) => !actual.has(index.indexName)).map((index) => index.indexName);
      if (missing.length > 0) {
        warnings.push(
          `Table ${tableName} lacks index ${missing.join(', ')} (added to lib/definitions/tables.ts since it was created). Start with --reset to recreate the local tables.`,
        );
      }
    }),
  );
  return { created: created.sort(), warnings };
}
