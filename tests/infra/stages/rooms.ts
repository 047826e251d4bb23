import { beforeAll, describe, expect, it } from 'vitest';
import { actionsOf, logicalIdOf, type Resources, resourcesOf, statementsOfFunction, synthesizeStage, type SynthesizedStage, valueAt } from '../synth';

let dev: SynthesizedStage;
let prod: SynthesizedStage;
let resources: Resources;
let rooms: string;

beforeAll(() => {
  dev = synthesizeStage('dev');
  prod = synthesizeStage('prod');
  resources = resourcesOf(dev.templates.api);
  rooms = logicalIdOf(dev.stage.api.domainFunctions.get('rooms')!);
});

const channelsOf = (stage: SynthesizedStage) =>
  Object.values(resourcesOf(stage.templates.stateful)).filter((resource) => resource.Type === 'AWS::KinesisVideo::SignalingChannel');

describe('the rooms’ relay (Kinesis Video Streams TURN)', () => {
  it('has the signalling channels of its stage’s pool, named by the stage, in the stateful stack', () => {
    expect(channelsOf(dev).map((channel) => channel.Properties)).toEqual([{ Name: 'dev-rooms-1', Type: 'SINGLE_MASTER' }]);
    expect(channelsOf(prod)).toHaveLength(prod.stage.stateful.roomSignalingChannelArns.length);
    expect(channelsOf(prod).length).toBeGreaterThan(1);
  });

  it('lets the rooms Lambda alone ask those channels for endpoints and TURN credentials, and nothing else of Kinesis Video', () => {
    const kinesis = statementsOfFunction(dev.templates.api, rooms).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('kinesisvideo:')),
    );
    expect(kinesis).toHaveLength(1);
    expect(actionsOf(kinesis[0]).sort()).toEqual(['kinesisvideo:GetIceServerConfig', 'kinesisvideo:GetSignalingChannelEndpoint']);
    expect(JSON.stringify(kinesis[0].Resource)).toContain('RoomSignalingChannel1');
    expect(JSON.stringify(valueAt(resources[rooms].Properties, 'Environment', 'Variables', 'SIGNALING_CHANNEL_ARNS'))).toContain('RoomSignalingChannel1');
    for (const [domain, fn] of dev.stage.api.domainFunctions) {
      if (domain === 'rooms') continue;
      const granted = statementsOfFunction(dev.templates.api, logicalIdOf(fn)).flatMap(actionsOf);
      expect(
        granted.filter((action) => action.startsWith('kinesisvideo:')),
        domain,
      ).toEqual([]);
    }
  });
});
