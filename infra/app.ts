/** Entry of the CDK CLI (cdk.json): `npx cdk synth|deploy -c stage=NAME`. */
import { createMarketplaceApp } from './marketplace-app';

createMarketplaceApp().app.synth();
