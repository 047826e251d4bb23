/**
 * Rights on the WebSocket API's @connections: POST sends to a connection, DELETE closes one. Only
 * on the stage's connections, and only the methods a Lambda needs (connection ids are known only at
 * run time, hence the wildcard after @connections/).
 */
import { Aws } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import { acknowledgeWildcardResource, importedName } from '../nag';
import type { MarketplaceFunction } from './marketplace-function';

export type ConnectionsMethod = 'POST' | 'DELETE';

const WHY: Record<ConnectionsMethod, string> = {
  POST: 'Messages go to connections whose ids are only known at run time; on this stage only.',
  DELETE: 'Connections whose session ended are closed; their ids are only known at run time; on this stage only.',
};

export function grantManageConnections(
  fn: MarketplaceFunction,
  api: apigw.WebSocketApi,
  stage: apigw.WebSocketStage,
  methods: readonly ConnectionsMethod[],
): void {
  const connections = (partition: string, region: string, account: string, apiId: string, method: ConnectionsMethod) =>
    `arn:${partition}:execute-api:${region}:${account}:${apiId}/${stage.stageName}/${method}/@connections/*`;
  fn.function.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['execute-api:ManageConnections'],
      resources: methods.map((method) => connections(Aws.PARTITION, Aws.REGION, Aws.ACCOUNT_ID, api.apiId, method)),
    }),
  );
  for (const method of methods)
    acknowledgeWildcardResource(fn, connections('<AWS::Partition>', '<AWS::Region>', '<AWS::AccountId>', importedName(api.apiId, api), method), WHY[method]);
}
