import { convertToAttr } from '@aws-sdk/util-dynamodb';
import { toDynamoDBExpressionJson } from '../../../local/appsync/util-transform';

/** util.transform.toDynamoDBConditionExpression / toDynamoDBFilterExpression, locally. */

const translate = (input: unknown) => JSON.parse(toDynamoDBExpressionJson(input, (value) => convertToAttr(value)));

describe('Amplify condition objects to DynamoDB expressions', () => {
  it('writes AppSync’s documented example the same way', () => {
    expect(translate({ title: { contains: 'Hello World' } })).toEqual({
      expression: 'contains(#title, :title_contains)',
      expressionNames: { '#title': 'title' },
      expressionValues: { ':title_contains': { S: 'Hello World' } },
    });
  });

  it('joins fields and operators with AND, and scopes and/or/not branches', () => {
    const result = translate({
      name: { eq: 'Ann', ne: 'Bob' },
      or: [{ email: { beginsWith: 'a' } }, { email: { attributeExists: false } }],
      not: { message: { size: { gt: 10 } } },
    });

    expect(result.expression).toBe(
      '(#name = :name_eq) AND (#name <> :name_ne) AND ((begins_with(#email, :or0_email_beginsWith)) OR (attribute_not_exists(#email))) AND (NOT (size(#message) > :not_message_size_gt))',
    );
    expect(result.expressionNames).toEqual({ '#name': 'name', '#email': 'email', '#message': 'message' });
    expect(result.expressionValues).toEqual({
      ':name_eq': { S: 'Ann' },
      ':name_ne': { S: 'Bob' },
      ':or0_email_beginsWith': { S: 'a' },
      ':not_message_size_gt': { N: '10' },
    });
  });

  it('supports between, in, notContains and attributeType', () => {
    const result = translate({
      createdAt: { between: ['2024-01-01', '2024-12-31'] },
      name: { in: ['a', 'b'], notContains: '<' },
      phoneNumber: { attributeType: 'string' },
    });

    expect(result.expression).toBe(
      '(#createdAt BETWEEN :createdAt_between_0 AND :createdAt_between_1) AND (#name IN (:name_in_0, :name_in_1)) AND (NOT contains(#name, :name_notContains)) AND (attribute_type(#phoneNumber, :phoneNumber_attributeType))',
    );
    expect(result.expressionValues[':phoneNumber_attributeType']).toEqual({ S: 'S' });
  });

  it('ignores null operators and empty objects, and refuses unknown operators', () => {
    expect(translate({ name: { eq: null } })).toEqual({ expression: '', expressionNames: {} });
    // DynamoDB refuses names no expression uses: an all-null field leaves no trace.
    expect(translate({ name: { eq: null }, email: { eq: 'a@b.co' } })).toEqual({
      expression: '#email = :email_eq',
      expressionNames: { '#email': 'email' },
      expressionValues: { ':email_eq': { S: 'a@b.co' } },
    });
    expect(() => translate({ name: { like: '%a%' } })).toThrow('unsupported operator "like" on name');
    expect(() => translate('name = 1')).toThrow('expects an object');
  });
});
