import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { GSI1, TABLE_ACCESS, type TableAccess } from '../../../functions/platform/keys';
import { MarketplaceFunction } from '../../../infra/constructs/marketplace-function';
import { DOMAINS } from '../../../shared/routes';
import { actionsOf, logicalIdOf, statementsOfFunction, stringAt, synthesizeStage, type PolicyStatement, type SynthesizedStage } from '../synth';

/** What a prefix of each kind may do, per the issue: items by key only, the index by query only. */
const READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const READ_WRITE = [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const INDEX = ['dynamodb:Query'];

let synthesized: SynthesizedStage;
beforeAll(() => {
  synthesized = synthesizeStage('dev');
});

const STREAM_READ = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'];
const isStreamRead = (statement: PolicyStatement) => actionsOf(statement).every((action) => STREAM_READ.includes(action));
const isTableData = (statement: PolicyStatement) =>
  !isStreamRead(statement) && actionsOf(statement).some((action) => action.startsWith('dynamodb:') && action !== 'dynamodb:DescribeTable');
const onIndex = (statement: PolicyStatement) => JSON.stringify(statement.Resource).includes('/index/');
const leadingKeys = (statement: PolicyStatement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];

/** The table statements of a Lambda, as the access they grant. */
function grantedAccess(statements: PolicyStatement[]): TableAccess {
  const prefixes = (kind: (statement: PolicyStatement) => boolean) =>
    statements.filter(kind).flatMap((statement) => (leadingKeys(statement) as string[]).map((pattern) => pattern.replace(/\*$/, '')));
  const sameActions = (expected: string[]) => (statement: PolicyStatement) => [...actionsOf(statement)].sort().join() === [...expected].sort().join();
  return {
    readWrite: prefixes((statement) => !onIndex(statement) && sameActions(READ_WRITE)(statement)),
    read: prefixes((statement) => !onIndex(statement) && sameActions(READ)(statement)),
    index: prefixes((statement) => onIndex(statement) && sameActions(INDEX)(statement)),
  };
}

function tableStatementsOf(owner: 'api' | 'realtime', functionLogicalId: string): PolicyStatement[] {
  return statementsOfFunction(synthesized.templates[owner], functionLogicalId).filter(isTableData);
}

const LAMBDAS = [
  ...DOMAINS.map((domain) => ({ name: domain, owner: 'api' as const, id: () => logicalIdOf(synthesized.stage.api.domainFunctions.get(domain)!) })),
  { name: 'websocket' as const, owner: 'realtime' as const, id: () => logicalIdOf(synthesized.stage.realtime.websocketFunction) },
  { name: 'notifications' as const, owner: 'realtime' as const, id: () => logicalIdOf(synthesized.stage.realtime.notificationsFunction) },
  { name: 'searchIndexer' as const, owner: 'api' as const, id: () => logicalIdOf(synthesized.stage.api.searchIndexerFunction) },
  { name: 'pages' as const, owner: 'api' as const, id: () => logicalIdOf(synthesized.stage.api.pagesFunction) },
];

describe('table access (least privilege by partition-key prefix)', () => {
  it.each(LAMBDAS)('gives the $name Lambda exactly the key prefixes of TABLE_ACCESS.$name', ({ name, owner, id }) => {
    const statements = tableStatementsOf(owner, id());
    const expected = TABLE_ACCESS[name];
    expect(grantedAccess(statements)).toEqual({ readWrite: [...expected.readWrite], read: [...expected.read], index: [...expected.index] });
    // Nothing besides those statements: one per non-empty kind of access.
    expect(statements).toHaveLength([expected.readWrite, expected.read, expected.index].filter((prefixes) => prefixes.length > 0).length);
  });

  it('never grants table data without a LeadingKeys condition that the key must be present for', () => {
    for (const { owner, id } of LAMBDAS) {
      for (const statement of tableStatementsOf(owner, id())) {
        const patterns = leadingKeys(statement) as string[] | undefined;
        expect(patterns?.length, JSON.stringify(statement)).toBeGreaterThan(0);
        for (const pattern of patterns ?? []) expect(pattern).toMatch(/^[A-Z0-9]+#\*$/);
        // ForAllValues alone would pass a request that carries no key at all.
        expect(statement.Condition?.Null).toEqual({ 'dynamodb:LeadingKeys': 'false' });
      }
    }
  });

  it('lets the health Lambda describe the table, nothing more', () => {
    const health = statementsOfFunction(synthesized.templates.api, logicalIdOf(synthesized.stage.api.domainFunctions.get('health')!));
    const dynamo = health.filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
    expect(dynamo.map(actionsOf)).toEqual([['dynamodb:DescribeTable']]);
  });

  it('lets the websocket Lambda touch connections, tickets, rooms, their signalling limit and the orders a no-show report moves, and read chat places, nothing of accounts', () => {
    const statements = tableStatementsOf('realtime', logicalIdOf(synthesized.stage.realtime.websocketFunction));
    const writes = statements.filter((statement) => actionsOf(statement).some((action) => /Put|Update|Delete/.test(action)));
    expect(writes.flatMap((statement) => leadingKeys(statement) as string[]).sort()).toEqual(['CONN#*', 'EVENT#*', 'ORDER#*', 'RATE#*', 'ROOM#*', 'TICKET#*']);
    for (const statement of statements)
      for (const pattern of leadingKeys(statement) as string[])
        expect(['CONN#*', 'TICKET#*', 'ROOM#*', 'RATE#*', 'ORDER#*', 'EVENT#*', 'CHATS#*']).toContain(pattern);
  });

  it('lets the notifications Lambda touch connections and its mail claims, and only read the orders, withdrawals, offers, conversations and accounts it mails about', () => {
    const statements = tableStatementsOf('realtime', logicalIdOf(synthesized.stage.realtime.notificationsFunction));
    const writes = statements.filter((statement) => actionsOf(statement).some((action) => /Put|Update|Delete/.test(action)));
    expect(writes.flatMap((statement) => leadingKeys(statement) as string[]).sort()).toEqual(['CONN#*', 'MAILED#*']);
    for (const statement of statements)
      for (const pattern of leadingKeys(statement) as string[])
        expect(['CONN#*', 'MAILED#*', 'ORDER#*', 'WITHDRAWAL#*', 'OFFER#*', 'USER#*', 'CHATS#*', 'CHAT#*']).toContain(pattern);
  });

  it('never lets anything scan the table; only the notifications and jobs Lambdas read the stream, and only the stream', () => {
    const streamReaders = [synthesized.stage.realtime.notificationsFunction, synthesized.stage.api.domainFunctions.get('jobs')!].map((fn) =>
      logicalIdOf(fn.role!),
    );
    for (const template of synthesized.everyTemplate) {
      for (const [id, policy] of Object.entries(template.findResources('AWS::IAM::Policy'))) {
        const statements: PolicyStatement[] = policy.Properties.PolicyDocument.Statement;
        expect(
          statements.flatMap(actionsOf).filter((action: string) => /^dynamodb:(Scan|\*)$/.test(action)),
          id,
        ).toEqual([]);
        const streamReads = statements.filter((statement) => actionsOf(statement).some((action) => /^dynamodb:(GetRecords|GetShardIterator)$/.test(action)));
        if (streamReads.length === 0) continue;
        expect(streamReaders, id).toContain(stringAt(policy.Properties, 'Roles', 0, 'Ref'));
        for (const statement of streamReads) expect(JSON.stringify(statement.Resource)).toMatch(/StreamArn/);
      }
    }
  });
});

describe('MarketplaceFunction.grantTableData', () => {
  it('grants index prefixes a Query of the index, keyed on the index partition key, and nothing on the table', () => {
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Test');
    const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
    const fn = new MarketplaceFunction(stack, 'Fn', { entry: 'functions/lambdas/health/handler.ts', serviceName: 'test', memoryMb: 128, environment: {} });
    fn.grantTableData(table, { readWrite: ['A#'], read: ['B#'], index: ['C#', 'D#'] });

    const statements = statementsOfFunction(Template.fromStack(stack), logicalIdOf(fn.function)).filter(isTableData);
    expect(grantedAccess(statements)).toEqual({ readWrite: ['A#'], read: ['B#'], index: ['C#', 'D#'] });
    expect(JSON.stringify(statements.find(onIndex)!.Resource)).toContain(`/index/${GSI1}`);
  });
});
