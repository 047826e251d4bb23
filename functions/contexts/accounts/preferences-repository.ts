/** An account's e-mail preferences, kept in its user item (decision 186): the mails' readers are read anyway. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationPreferences } from '../../../shared/schemas/notifications';
import { config } from '../../platform/config';
import { userKey } from '../../platform/keys';
import { db } from '../../platform/table';

/** Replaces the account's choice; one attribute, so no other change of the account contends with it. */
export async function setNotificationPreferences(userId: string, preferences: NotificationPreferences): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: userKey(userId),
      UpdateExpression: 'SET notificationPreferences = :preferences',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':preferences': preferences },
    }),
  );
}
